/**
 * antd's styles for the admin app's starting theme, rendered once at build time instead of in every
 * visitor's browser. antd 5 writes its styles at runtime (CSS-in-JS): on a first load that was about
 * 250 ms of script and some 60 `<style>` insertions, each restyling the page (issue 12). This
 * renders the components the app uses under `adminTheme(STARTING_THEME)` at build time and writes
 * their CSS, with the marker (`.data-ant-cssinjs-cache-path`) through which @ant-design/cssinjs in
 * the browser finds a style already present and skips generating and inserting it.
 *
 * A component missing from STATIC_COMPONENTS, or any other theme (dark, reduced motion), still works:
 * antd generates those styles at runtime as before. Run by the build (scripts/vite-antd-style-sheet.ts),
 * in a process of its own so that React and antd load in production mode; prints the sheets as JSON.
 */
import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import * as antd from "antd";
import { adminTheme, STARTING_THEME } from "@/admin/theme";

/** The antd components the admin app renders, each with the props that make it register all its styles. */
export const STATIC_COMPONENTS: Record<string, () => ReactNode> = {
  Alert: () => h(antd.Alert, { message: "·" }),
  App: () => h(antd.App),
  AutoComplete: () => h(antd.AutoComplete),
  Avatar: () => h(antd.Avatar),
  Badge: () => h(antd.Badge, { count: 1 }),
  Breadcrumb: () => h(antd.Breadcrumb, { items: [{ title: "·" }] }),
  Button: () => h(antd.Button),
  Card: () => h(antd.Card, null, h(antd.Card.Meta, { title: "·" })),
  Checkbox: () => h(antd.Checkbox.Group, { options: ["·"] }),
  Col: () => h(antd.Row, null, h(antd.Col)),
  Collapse: () => h(antd.Collapse, { items: [{ key: "1", label: "·" }] }),
  ColorPicker: () => h(antd.ColorPicker),
  DatePicker: () => h(Fragment, null, h(antd.DatePicker), h(antd.DatePicker.RangePicker)),
  Descriptions: () => h(antd.Descriptions, { items: [{ key: "1", label: "·", children: "·" }] }),
  Divider: () => h(antd.Divider),
  Drawer: () => h(antd.Drawer, { open: false }),
  Dropdown: () => h(antd.Dropdown, { menu: { items: [] } }, h("span")),
  Empty: () => h(antd.Empty),
  Flex: () => h(antd.Flex),
  Form: () => h(antd.Form, null, h(antd.Form.Item, { label: "·" }, h(antd.Input))),
  Image: () => h(antd.Image),
  Input: () => h(Fragment, null, h(antd.Input), h(antd.Input.Search), h(antd.Input.TextArea), h(antd.Input.Password)),
  InputNumber: () => h(antd.InputNumber),
  Layout: () => h(antd.Layout, null, h(antd.Layout.Sider), h(antd.Layout.Header), h(antd.Layout.Content), h(antd.Layout.Footer)),
  List: () => h(antd.List),
  Menu: () => h(antd.Menu, { items: [{ key: "1", label: "·" }, { key: "2", label: "·", children: [{ key: "3", label: "·" }] }] }),
  Modal: () => h(antd.Modal, { open: false }),
  Pagination: () => h(antd.Pagination, { total: 100 }),
  Popover: () => h(antd.Popover, { content: "·" }, h("span")),
  Progress: () => h(antd.Progress),
  Radio: () => h(antd.Radio.Group, { options: ["·"] }),
  Result: () => h(antd.Result),
  Row: () => h(antd.Row),
  Segmented: () => h(antd.Segmented, { options: ["·"] }),
  Select: () => h(antd.Select),
  Skeleton: () => h(antd.Skeleton),
  Space: () => h(Fragment, null, h(antd.Space, null, "·", "·"), h(antd.Space.Compact)),
  Spin: () => h(antd.Spin),
  Statistic: () => h(antd.Statistic),
  Switch: () => h(antd.Switch),
  Table: () => h(antd.Table),
  Tabs: () => h(antd.Tabs, { items: [{ key: "1", label: "·" }] }),
  // Preset colours ("blue") and status colours ("success") register styles of their own.
  Tag: () => h(Fragment, null, h(antd.Tag), h(antd.Tag, { color: "blue" }), h(antd.Tag, { color: "success" })),
  Timeline: () => h(antd.Timeline),
  Tooltip: () => h(antd.Tooltip, { title: "·" }, h("span")),
  Typography: () => h(antd.Typography.Title),
  Upload: () => h(antd.Upload),
};

/** The rule through which antd finds the styles present: `content` lists each style's cache path and hash. */
const CACHE_PATH_MARKER = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/**
 * A stylesheet's size, so that the browser parses each in a short task of its own: one sheet of
 * 750 KB was a single 200 ms task on a desktop. Not smaller: a browser opens only 6 connections to the
 * server, and a dozen sheets made the page's own scripts wait behind them.
 */
export const SHEET_BYTES = 140 * 1024;

/**
 * The stylesheets: every component above rendered once under the starting theme and its new styles
 * extracted, packed in order into sheets of about SHEET_BYTES. The last sheet ends with the one
 * cache-path marker for all of them (a marker per sheet would override each other in the cascade).
 */
export function antdStyleSheets(maxBytes = SHEET_BYTES): string[] {
  const cache = createCache();
  const theme = adminTheme(STARTING_THEME);
  const paths: string[] = [];
  const sheets = [""];
  for (const render of Object.values(STATIC_COMPONENTS)) {
    renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, render())));
    const css = extractStyle(cache, { plain: true, types: "style", once: true }); // only the styles this component added
    const marker = css.match(CACHE_PATH_MARKER)?.[1];
    if (marker) paths.push(marker);
    const rules = css.replace(CACHE_PATH_MARKER, "");
    if (sheets.at(-1)!.length > 0 && sheets.at(-1)!.length + rules.length > maxBytes) sheets.push("");
    sheets[sheets.length - 1] += rules;
  }
  sheets[sheets.length - 1] += `.data-ant-cssinjs-cache-path{content:"${paths.join(";")}";}`;
  return sheets;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(JSON.stringify(antdStyleSheets()));
