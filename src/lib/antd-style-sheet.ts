import { nextTask } from "./next-task";

/**
 * The build's stylesheets of antd's styles (scripts/antd-style-sheet.ts), named in index.html by a
 * meta tag so that only the admin app downloads them: the public site, on a citizen's phone, never
 * does. The admin app waits for them before its first render, because antd looks for styles already
 * present only once, the first time it draws a component. Without the tag (dev server) antd writes its
 * styles at runtime as before, and so it does if any sheet fails to load: the sheets are taken out
 * again, since the last one tells antd that every style is present.
 */
export const ANTD_STYLE_SHEET_META = "antd-style-sheet";

let loading: Promise<void> | undefined;

const loaded = (link: HTMLLinkElement) =>
  new Promise<boolean>((resolve) => {
    link.onload = () => resolve(true);
    link.onerror = () => resolve(false);
  });

/** Adds the sheets once, in order and before the app's own CSS so that its overrides keep winning; resolves when all have loaded, or failed. */
export function loadAntdStyleSheet(doc: Document = document): Promise<void> {
  loading ??= (async () => {
    const files = doc.querySelector<HTMLMetaElement>(`meta[name="${ANTD_STYLE_SHEET_META}"]`)?.content.split(/\s+/).filter(Boolean) ?? [];
    const appStyles = doc.head.querySelector('link[rel="stylesheet"]');
    // One sheet per task: a sheet the HTML preloaded is parsed the moment its link goes in, and the
    // seven of them in one go were one long task on a phone (about 85 ms at a quarter of this machine's speed).
    const links: HTMLLinkElement[] = [];
    const results: Promise<boolean>[] = [];
    for (const href of files) {
      if (links.length) await nextTask();
      const link = doc.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      results.push(loaded(link));
      doc.head.insertBefore(link, appStyles);
      links.push(link);
    }
    if ((await Promise.all(results)).includes(false)) links.forEach((link) => link.remove());
  })();
  return loading;
}
