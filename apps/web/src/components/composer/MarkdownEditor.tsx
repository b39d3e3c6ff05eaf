// The one composer of posts and replies (create post, edit post, reply, edit reply): Write and
// Preview tabs, and a toolbar for bold, italic, code, link, quote and list. Every button is a Tab
// stop with a name; the same actions have shortcuts in the text box (Ctrl/⌘ + B, I, E, K,
// Shift+. for quote, Shift+8 for list), and Ctrl/⌘ + Enter sends the form.
// Edits go through the browser's own "insertText", so Ctrl+Z undoes a button press like typing.
import { ActionIcon, Group, Input, Paper, Tabs, Text, Textarea, Tooltip } from "@mantine/core";
import { IconBold, IconCode, IconItalic, IconLink, IconList, IconQuote } from "@tabler/icons-react";
import { forwardRef, type ReactNode, useId, useImperativeHandle, useRef, useState } from "react";
import { FormattedText } from "../markdown/FormattedText";
import { appendChange, type FormatAction, formatChange, type TextChange } from "./markdownEdits";

/** What other parts of a screen may do with a composer (the Quote action fills the reply box). */
export type MarkdownEditorHandle = { append: (block: string) => void; focus: () => void };

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The text box's name in a form that also posts natively (the reply box). */
  name?: string;
  /** A visible label; without one, `ariaLabel` names the text box. */
  label?: string;
  ariaLabel?: string;
  withAsterisk?: boolean;
  placeholder?: string;
  /** Fixed rows (the spec's 8 for a post's content), or grows from minRows. */
  rows?: number;
  minRows?: number;
  maxRows?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  /** A form's message for this field (lib/useSchemaForm), or `true` to only mark it. */
  error?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
};

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? "⌘" : "Ctrl";
/** The modifier as aria-keyshortcuts names it. */
const ARIA_MOD = isMac ? "Meta" : "Control";

type Tool = { action: FormatAction; label: string; icon: ReactNode; keys: string; aria: string };
const TOOLS: Tool[] = [
  { action: "bold", label: "Bold", icon: <IconBold size={16} />, keys: `${MOD}+B`, aria: `${ARIA_MOD}+B` },
  { action: "italic", label: "Italic", icon: <IconItalic size={16} />, keys: `${MOD}+I`, aria: `${ARIA_MOD}+I` },
  { action: "code", label: "Code", icon: <IconCode size={16} />, keys: `${MOD}+E`, aria: `${ARIA_MOD}+E` },
  { action: "link", label: "Link", icon: <IconLink size={16} />, keys: `${MOD}+K`, aria: `${ARIA_MOD}+K` },
  {
    action: "quote",
    label: "Quote",
    icon: <IconQuote size={16} />,
    keys: `${MOD}+Shift+.`,
    aria: `${ARIA_MOD}+Shift+.`,
  },
  {
    action: "list",
    label: "Bulleted list",
    icon: <IconList size={16} />,
    keys: `${MOD}+Shift+8`,
    aria: `${ARIA_MOD}+Shift+8`,
  },
];

/** The action a key press in the text box asks for, if any. */
function shortcutOf(event: React.KeyboardEvent): FormatAction | "send" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (event.key === "Enter") return "send";
  if (event.shiftKey) {
    if (event.code === "Period") return "quote";
    if (event.code === "Digit8") return "list";
    return null;
  }
  const key = event.key.toLowerCase();
  return key === "b" ? "bold" : key === "i" ? "italic" : key === "e" ? "code" : key === "k" ? "link" : null;
}

/** Applies a change as if typed (kept in the undo history); falls back to setting the value. */
function applyChange(box: HTMLTextAreaElement, change: TextChange, onChange: (value: string) => void) {
  const expected = box.value.slice(0, change.from) + change.insert + box.value.slice(change.to);
  box.focus();
  box.setSelectionRange(change.from, change.to);
  let typed = false;
  try {
    typed = change.insert !== "" && document.execCommand("insertText", false, change.insert);
  } catch {
    typed = false;
  }
  if (!typed || box.value !== expected) {
    onChange(expected);
    requestAnimationFrame(() => box.setSelectionRange(change.selectionStart, change.selectionEnd));
    return;
  }
  box.setSelectionRange(change.selectionStart, change.selectionEnd);
}

export const MarkdownEditor = forwardRef<MarkdownEditorHandle, Props>(function MarkdownEditor(
  {
    value,
    onChange,
    name,
    label,
    ariaLabel,
    withAsterisk,
    placeholder,
    rows,
    minRows,
    maxRows,
    autoFocus,
    disabled,
    error,
    onFocus,
    onBlur,
  },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [tab, setTab] = useState<string | null>("write");
  const box = useRef<HTMLTextAreaElement>(null);

  const format = (action: FormatAction) => {
    const element = box.current;
    if (!element || disabled) return;
    applyChange(element, formatChange(element.value, element.selectionStart, element.selectionEnd, action), onChange);
  };

  useImperativeHandle(ref, () => ({
    append(block: string) {
      setTab("write");
      // After the Write tab shows again, so the text box can take focus.
      requestAnimationFrame(() => {
        const element = box.current;
        if (!element) return;
        applyChange(element, appendChange(element.value, block), onChange);
        element.scrollIntoView({ block: "center", behavior: "smooth" });
      });
    },
    focus: () => box.current?.focus(),
  }));

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    const action = shortcutOf(event);
    if (!action) return;
    event.preventDefault();
    if (action === "send") event.currentTarget.form?.requestSubmit();
    else format(action);
  };

  return (
    <div>
      {label && (
        <Input.Label htmlFor={id} required={withAsterisk} mb={4}>
          {label}
        </Input.Label>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted keepMountedMode="display-none" variant="outline">
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap-reverse">
          <Tabs.List style={{ flexWrap: "nowrap" }}>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          {tab === "write" && (
            <Group gap={2} role="toolbar" aria-label="Formatting" aria-controls={id} pb={4}>
              {TOOLS.map((tool) => (
                <Tooltip key={tool.action} label={`${tool.label} (${tool.keys})`} withArrow openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="md"
                    aria-label={tool.label}
                    aria-keyshortcuts={tool.aria}
                    disabled={disabled}
                    onClick={() => format(tool.action)}
                  >
                    {tool.icon}
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
          )}
        </Group>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            ref={box}
            id={id}
            name={name}
            aria-label={label ? undefined : ariaLabel}
            aria-describedby={hintId}
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onFocus={onFocus}
            onBlur={onBlur}
            error={error}
            disabled={disabled}
            data-autofocus={autoFocus || undefined}
            {...(rows ? { rows } : { autosize: true, minRows, maxRows })}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "0.9rem" } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="sm" radius="md" mih={rows ? rows * 24 : 100}>
            {value.trim() ? <FormattedText text={value} /> : <Text c="dimmed">Nothing to preview.</Text>}
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <Text id={hintId} size="xs" c="dimmed" mt={4}>
        Markdown: **bold**, _italic_, `code`, ``` for code blocks, &gt; quote, - list, [link](https://…)
      </Text>
    </div>
  );
});
