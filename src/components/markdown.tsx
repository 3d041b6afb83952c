import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

/**
 * Markdown written by the consultancy, shown safely: raw HTML is not rendered (react-markdown's
 * default) and the resulting tree is sanitized (no script, no event handlers, no javascript: links).
 * Links open in a new tab without the opener.
 */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="markdown-body">
      <ReactMarkdown
        rehypePlugins={[rehypeSanitize]}
        components={{ a: ({ href, children }) => <a href={href} target="_blank" rel="noopener noreferrer">{children}</a> }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
