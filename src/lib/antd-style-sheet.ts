/**
 * The build's stylesheet of antd's styles (scripts/antd-style-sheet.ts), named in index.html by a
 * meta tag so that only the admin app downloads it: the public site, on a citizen's phone, never
 * does. The admin app waits for it before its first render, because antd looks for styles already
 * present only once, the first time it draws a component. Without the tag (dev server) or if the
 * file fails to load, antd writes its styles at runtime as before.
 */
export const ANTD_STYLE_SHEET_META = "antd-style-sheet";

let loading: Promise<void> | undefined;

/** Adds the stylesheet once, before the app's own CSS so that its overrides keep winning; resolves when it has loaded or failed. */
export function loadAntdStyleSheet(doc: Document = document): Promise<void> {
  loading ??= new Promise((resolve) => {
    const href = doc.querySelector<HTMLMetaElement>(`meta[name="${ANTD_STYLE_SHEET_META}"]`)?.content;
    if (!href) return resolve();
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    doc.head.insertBefore(link, doc.head.querySelector('link[rel="stylesheet"]'));
  });
  return loading;
}
