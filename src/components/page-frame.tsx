import { useContext, type ComponentProps, type ReactNode } from "react";
import { Create as RefineCreate, Edit as RefineEdit, List as RefineList, Show as RefineShow } from "@refinedev/antd";
import { useBack, useGo, useResourceParams } from "@refinedev/core";
import { Button, ConfigProvider, Flex } from "antd";
import { ArrowLeftOutlined, ArrowRightOutlined } from "@ant-design/icons";
import { useT, type TranslationKey } from "@/providers/i18n";
import { PageTitle } from "./page-title";

/**
 * Refine's page frames (List, Create, Edit, Show), with a heading a screen reader can navigate by.
 * Refine draws a text title as an h4 with an empty h5 under it, and its back arrow as a button
 * inside antd's `div role="button" aria-label="back"`; here the title is the page's one h1 (drawn
 * at the h4's size) and the back arrow a single button labelled 'Voltar', going back in the history
 * or, with `backTo`, to that path.
 */

type Action = "list" | "create" | "edit" | "show";

function BackButton({ to }: { to?: string }) {
  const t = useT();
  const back = useBack();
  const go = useGo();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Button
      type="text"
      icon={direction === "rtl" ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
      aria-label={t("buttons.back")}
      onClick={() => (to === undefined ? back() : go({ to }))}
    />
  );
}

/** The title a frame shows: the page's own, else `<resource>.titles.<action>`, else the resource's label (as Refine would). */
function useHeading(title: ReactNode, action: Action, back: { show: boolean; to?: string }): ReactNode {
  const t = useT();
  const { identifier, resource } = useResourceParams();
  const label = resource?.meta?.label ?? identifier ?? "";
  // A key built from the route's resource, as Refine builds it; the label when it does not exist.
  const text = title === undefined ? t(`${identifier}.titles.${action}` as TranslationKey, label) : title;
  // A title that is already an element (or false) is the page's own choice.
  const heading = typeof text === "string" ? <PageTitle>{text}</PageTitle> : text;
  if (!back.show) return heading;
  return (
    <Flex align="center" gap={8}>
      <BackButton to={back.to} />
      {heading}
    </Flex>
  );
}

/** Where a page's back arrow leads: the previous page, or `backTo`; `goBack={false}` hides it. */
type BackProps = { backTo?: string; goBack?: false };

export function List(props: ComponentProps<typeof RefineList>) {
  return <RefineList {...props} title={useHeading(props.title, "list", { show: false })} />;
}

export function Create({ backTo, goBack, ...props }: Omit<ComponentProps<typeof RefineCreate>, "goBack"> & BackProps) {
  return <RefineCreate {...props} title={useHeading(props.title, "create", { show: goBack !== false, to: backTo })} goBack={false} />;
}

export function Edit({ backTo, goBack, ...props }: Omit<ComponentProps<typeof RefineEdit>, "goBack"> & BackProps) {
  return <RefineEdit {...props} title={useHeading(props.title, "edit", { show: goBack !== false, to: backTo })} goBack={false} />;
}

export function Show({ backTo, goBack, ...props }: Omit<ComponentProps<typeof RefineShow>, "goBack"> & BackProps) {
  return <RefineShow {...props} title={useHeading(props.title, "show", { show: goBack !== false, to: backTo })} goBack={false} />;
}
