import { cloneElement, isValidElement, type ReactElement } from "react";
import * as md from "@uiw/react-md-editor/nohighlight";
import type { ICommand } from "@uiw/react-md-editor/nohighlight";

/**
 * The Markdown editor's toolbar in pt-BR. @uiw/react-md-editor names its buttons in English and
 * draws their icons as `svg role="img"` without a name; here each button is named in pt-BR (the
 * name a screen reader reads and the tooltip) and its icon is hidden from assistive technology.
 */
const LABELS: Record<string, string> = {
  bold: "Negrito (ctrl + b)",
  italic: "Itálico (ctrl + i)",
  strikethrough: "Tachado (ctrl + shift + x)",
  hr: "Linha horizontal (ctrl + h)",
  title: "Título",
  heading1: "Título 1 (ctrl + 1)",
  heading2: "Título 2 (ctrl + 2)",
  heading3: "Título 3 (ctrl + 3)",
  heading4: "Título 4 (ctrl + 4)",
  heading5: "Título 5 (ctrl + 5)",
  heading6: "Título 6 (ctrl + 6)",
  link: "Link (ctrl + l)",
  quote: "Citação (ctrl + q)",
  code: "Código (ctrl + j)",
  codeBlock: "Bloco de código (ctrl + shift + j)",
  comment: "Comentário (ctrl + /)",
  image: "Imagem (ctrl + k)",
  table: "Tabela",
  "unordered-list": "Lista (ctrl + shift + u)",
  "ordered-list": "Lista numerada (ctrl + shift + o)",
  "checked-list": "Lista de tarefas (ctrl + shift + c)",
  help: "Ajuda sobre Markdown",
  edit: "Só o texto (ctrl + 7)",
  live: "Texto e visualização (ctrl + 8)",
  preview: "Só a visualização (ctrl + 9)",
  fullscreen: "Tela cheia (ctrl + 0)",
};

function localized(command: ICommand): ICommand {
  const label = command.name ? LABELS[command.name] : undefined;
  const icon = isValidElement(command.icon) ? cloneElement(command.icon as ReactElement<Record<string, unknown>>, { role: undefined, "aria-hidden": true, focusable: "false" }) : command.icon;
  return {
    ...command,
    icon,
    ...(label ? { buttonProps: { ...command.buttonProps, "aria-label": label, title: label } } : {}),
  };
}

/** The library's default toolbar (the same buttons, in the same order), localized. */
export const TOOLBAR: ICommand[] = [
  md.bold,
  md.italic,
  md.strikethrough,
  md.hr,
  // The headings' menu: its items are localized before the group is made of them.
  md.group([md.title1, md.title2, md.title3, md.title4, md.title5, md.title6].map(localized), { name: "title", groupName: "title" }),
  md.divider,
  md.link,
  md.quote,
  md.code,
  md.codeBlock,
  md.comment,
  md.image,
  md.table,
  md.divider,
  md.unorderedListCommand,
  md.orderedListCommand,
  md.checkedListCommand,
  md.divider,
  md.help,
].map(localized);

export const EXTRA_TOOLBAR: ICommand[] = [md.codeEdit, md.codeLive, md.codePreview, md.divider, md.fullscreen].map(localized);
