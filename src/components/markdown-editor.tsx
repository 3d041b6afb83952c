import MDEditor from "@uiw/react-md-editor/nohighlight";
import rehypeSanitize from "rehype-sanitize";
import { EXTRA_TOOLBAR, TOOLBAR } from "./markdown-editor-commands";

interface MarkdownEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  "aria-label"?: string;
}

/**
 * A Markdown field for an antd `Form.Item` (value / onChange): @uiw/react-md-editor, whose live
 * preview goes through the same sanitizer as the published page (no script, no handlers); its
 * toolbar speaks pt-BR.
 */
export function MarkdownEditor({ value, onChange, id, "aria-label": label }: MarkdownEditorProps) {
  return (
    <div data-color-mode="light">
      <MDEditor
        value={value ?? ""}
        onChange={(next) => onChange?.(next ?? "")}
        height={420}
        preview="live"
        commands={TOOLBAR}
        extraCommands={EXTRA_TOOLBAR}
        textareaProps={{ id, "aria-label": label }}
        previewOptions={{ rehypePlugins: [[rehypeSanitize]] }}
      />
    </div>
  );
}
