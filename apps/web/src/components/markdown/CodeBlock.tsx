// A fenced code block: the code at once, its colours once the highlighter has loaded (a chunk of
// its own, fetched only by pages that show code), and a button that copies the code.
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { COPIED_MS, writeCode } from "./copyCode";

const HighlightedCode = lazy(() => import("./highlight"));

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const plain = <code>{code}</code>;
  return (
    <div className="md-code">
      {language && (
        <span className="md-code-language" aria-hidden>
          {language}
        </span>
      )}
      <CopyCode code={code} />
      {/* Long lines scroll sideways, by keyboard too: the block takes focus. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} data-language={language || undefined}>
        {language ? (
          <Suspense fallback={plain}>
            <HighlightedCode code={code} language={language.toLowerCase()} />
          </Suspense>
        ) : (
          plain
        )}
      </pre>
    </div>
  );
}

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    writeCode(code, () => {
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    });
  const label = copied ? "Copied" : "Copy code";
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon className="md-code-copy" variant="default" size="sm" aria-label={label} onClick={copy}>
        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      </ActionIcon>
    </Tooltip>
  );
}
