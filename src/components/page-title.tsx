import { createContext, useContext, type CSSProperties, type ReactNode } from "react";
import { Typography, theme } from "antd";

/**
 * The level a page's title takes: 1 for a page, 2 for a page shown inside another page's frame (the
 * settings' tabs), so each screen has one h1 and its headings go down one level at a time.
 */
export const PageTitleLevel = createContext<1 | 2>(1);

/** The page's title (its one h1, or an h2 inside another page), at the size of the h4 Refine would draw; pages without a frame use it too. */
export function PageTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const level = useContext(PageTitleLevel);
  return (
    <Typography.Title level={level} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0, ...style }}>
      {children}
    </Typography.Title>
  );
}
