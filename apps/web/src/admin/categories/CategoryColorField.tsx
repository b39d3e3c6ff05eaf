// The colour of a category: one of the ten preset swatches, or any custom hex colour.
import { CATEGORY_PRESET_COLORS } from "@forum/contracts";
import { ColorInput, ColorSwatch, Group, Stack, Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";

type Props = { value: string; onChange: (color: string) => void; error?: ReactNode };

export function CategoryColorField({ value, onChange, error }: Props) {
  const labelId = useId();
  const selected = value.toLowerCase();
  return (
    <Stack gap="xs">
      <div>
        <Text id={labelId} size="sm" fw={500} mb={6}>
          Color
        </Text>
        <Group gap={8} role="group" aria-labelledby={labelId}>
          {CATEGORY_PRESET_COLORS.map((color) => (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={30}
              aria-label={`Color ${color}`}
              aria-pressed={selected === color}
              onClick={() => onChange(color)}
              style={{ cursor: "pointer", color: "#fff" }}
            >
              {selected === color && <IconCheck size={16} aria-hidden />}
            </ColorSwatch>
          ))}
        </Group>
      </div>
      <ColorInput
        label="Custom color"
        format="hex"
        value={value}
        onChange={onChange}
        error={error}
        withEyeDropper={false}
        maw={240}
      />
    </Stack>
  );
}
