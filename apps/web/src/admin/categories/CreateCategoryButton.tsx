// "Create Category": the button and its dialog, the same on the dashboard and the categories screen.
import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { CategoryDialog } from "./CategoryDialog";

export function CreateCategoryButton() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.open}>
        Create Category
      </Button>
      <CategoryDialog category={null} opened={opened} onClose={dialog.close} />
    </>
  );
}
