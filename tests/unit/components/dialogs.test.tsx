import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp } from "antd";
import { DIALOG_COLORS, DIALOG_TEXTS, DialogProvider, useDialogs, type Dialogs } from "@/components/dialogs";
import { toastBody, toastPlacement, TOAST_DURATION_MS } from "@/providers/notification";
import { TOOLTIP } from "@/components/tooltip";

function renderDialogs() {
  let dialogs!: Dialogs;
  function Grab() {
    dialogs = useDialogs();
    return null;
  }
  render(
    <AntdApp>
      <DialogProvider>
        <Grab />
      </DialogProvider>
    </AntdApp>,
  );
  return () => dialogs;
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe("the confirm dialog", () => {
  it("asks 'Você tem certeza?' with 'Sim', 'Não' and 'Cancelar' in the spec's colours, and says which was chosen", async () => {
    const dialogs = renderDialogs();
    let answer!: Promise<string>;
    act(() => void (answer = dialogs().confirm({ showDeny: true })));
    expect(await screen.findByText(DIALOG_TEXTS.confirm)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sim" })).toHaveStyle({ background: rgb(DIALOG_COLORS.confirm) });
    expect(screen.getByRole("button", { name: "Não" })).toHaveStyle({ background: rgb(DIALOG_COLORS.deny) });
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveStyle({ background: rgb(DIALOG_COLORS.cancel) });
    expect(screen.getByRole("button", { name: DIALOG_TEXTS.close })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Não" }));
    await expect(answer).resolves.toBe("denied");
  });

  it("for a removal reads 'Sim remover' in red", async () => {
    const dialogs = renderDialogs();
    act(() => void dialogs().confirm({ danger: true }));
    expect(await screen.findByRole("button", { name: "Sim remover" })).toHaveStyle({ background: rgb(DIALOG_COLORS.deny) });
  });

  it("shows a loader while confirming and cannot be closed meanwhile, by outside click, Escape or its buttons", async () => {
    const dialogs = renderDialogs();
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let answer!: Promise<string>;
    act(() => void (answer = dialogs().confirm({ danger: true, onConfirm })));
    await userEvent.click(await screen.findByRole("button", { name: "Sim remover" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const confirm = screen.getByRole("button", { name: /Sim remover/ });
    await waitFor(() => expect(confirm.className).toMatch(/ant-btn-loading/));
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeDisabled();

    const mask = document.querySelector(".ant-modal-wrap") as HTMLElement;
    await userEvent.click(mask);
    await userEvent.keyboard("{Escape}");
    expect(screen.getByText(DIALOG_TEXTS.confirm)).toBeVisible();

    await act(async () => finish());
    await expect(answer).resolves.toBe("confirmed");
  });

  it("stays open with the error when confirming fails", async () => {
    const dialogs = renderDialogs();
    act(() => void dialogs().confirm({ onConfirm: () => Promise.reject({ message: "Registro em uso." }) }));
    await userEvent.click(await screen.findByRole("button", { name: "Sim" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Registro em uso.");
    expect(screen.getByText(DIALOG_TEXTS.confirm)).toBeVisible();
  });

  it("offers a 'Carregando...' dialog that closes when the work is done", async () => {
    const dialogs = renderDialogs();
    let close!: () => void;
    act(() => void (close = dialogs().loading()));
    expect(await screen.findByText(DIALOG_TEXTS.loading)).toBeInTheDocument();
    act(() => close());
    await waitFor(() => expect(screen.queryByText(DIALOG_TEXTS.loading)).not.toBeInTheDocument());
  });
});

describe("toasts and tooltips", () => {
  it("close after 4000 ms; success at the top, errors at the top end", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(toastPlacement("success", "ltr")).toBe("top");
    expect(toastPlacement("error", "ltr")).toBe("topRight");
    expect(toastPlacement("error", "rtl")).toBe("topLeft");
  });

  it("put Refine's message under the 'Sucesso'/'Erro' title without repeating it", () => {
    expect(toastBody("Sucesso", "Registro excluído com sucesso", "Sucesso")).toBe("Registro excluído com sucesso");
    expect(toastBody("Erro", "Erro ao excluir (409)", "Registro em uso.")).toBe("Erro ao excluir (409) — Registro em uso.");
    expect(toastBody("Sucesso", undefined, undefined)).toBeUndefined();
  });

  it("tooltips use the spec's constants", () => {
    expect(TOOLTIP).toMatchObject({ maxWidth: 350, zIndex: 9999, delay: 0, offset: [0, 10], placement: "top", trigger: ["hover", "focus"], motion: "ant-fade" });
  });
});
