import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Button, Modal, Space, Spin, Typography } from "antd";
import { DIALOG_COLORS, DIALOG_TEXTS } from "./texts";

export interface ConfirmOptions {
  title?: string;
  text?: ReactNode;
  /** A removal: the confirm button reads 'Sim remover' and is red. */
  danger?: boolean;
  confirmText?: string;
  /** Also offer 'Não' (deny) beside 'Cancelar'. */
  showDeny?: boolean;
  /** Runs on confirm with the loader showing; the dialog cannot be dismissed meanwhile. A rejection keeps it open. */
  onConfirm?: () => Promise<unknown>;
}

export type DialogResult = "confirmed" | "denied" | "dismissed";

export interface Dialogs {
  /** 'Você tem certeza?' with 'Sim' (or 'Sim remover'), optionally 'Não', and 'Cancelar'. */
  confirm(options?: ConfirmOptions): Promise<DialogResult>;
  /** A blocking 'Carregando...' dialog; call the returned function to close it. */
  loading(text?: string): () => void;
}

interface OpenDialog extends ConfirmOptions {
  kind: "confirm" | "loading";
  resolve: (result: DialogResult) => void;
}

const DialogContext = createContext<Dialogs | null>(null);

const buttonStyle = (color: string) => ({ background: color, borderColor: color, color: "#fff" });

/** Renders the app's dialogs (spec sections 8 and 9) and offers them through useDialogs(). */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busyRef = useRef(false);

  const close = useCallback((result: DialogResult) => {
    if (busyRef.current) return; // a confirm in progress cannot be dismissed
    setDialog((current) => {
      current?.resolve(result);
      return null;
    });
    setFailure(null);
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (options = {}) =>
        new Promise<DialogResult>((resolve) => {
          setFailure(null);
          setDialog({ ...options, kind: "confirm", resolve });
        }),
      loading: (text) => {
        let done = false;
        setDialog({ kind: "loading", title: text ?? DIALOG_TEXTS.loading, resolve: () => undefined });
        return () => {
          if (done) return;
          done = true;
          setDialog((current) => (current?.kind === "loading" ? null : current));
        };
      },
    }),
    [],
  );

  const confirm = async () => {
    if (!dialog?.onConfirm) return close("confirmed");
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await dialog.onConfirm();
      busyRef.current = false;
      close("confirmed");
    } catch (error) {
      busyRef.current = false;
      setFailure(error instanceof Error || (error as { message?: string })?.message ? (error as Error).message : DIALOG_TEXTS.error);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const isLoading = dialog?.kind === "loading";
  const confirmColor = dialog?.danger ? DIALOG_COLORS.deny : DIALOG_COLORS.confirm;
  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      <Modal
        open={dialog !== null}
        centered
        width={420}
        title={dialog?.title ?? DIALOG_TEXTS.confirm}
        closable={isLoading ? false : { "aria-label": DIALOG_TEXTS.close, disabled: busy }}
        maskClosable={!busy && !isLoading}
        keyboard={!busy && !isLoading}
        onCancel={() => close("dismissed")}
        destroyOnHidden
        footer={
          isLoading ? null : (
            <Space wrap style={{ justifyContent: "flex-end" }}>
              <Button style={buttonStyle(DIALOG_COLORS.cancel)} disabled={busy} onClick={() => close("dismissed")}>
                {DIALOG_TEXTS.cancel}
              </Button>
              {dialog?.showDeny ? (
                <Button style={buttonStyle(DIALOG_COLORS.deny)} disabled={busy} onClick={() => close("denied")}>
                  {DIALOG_TEXTS.no}
                </Button>
              ) : null}
              <Button style={buttonStyle(confirmColor)} loading={busy} onClick={() => void confirm()} autoFocus>
                {dialog?.confirmText ?? (dialog?.danger ? DIALOG_TEXTS.yesRemove : DIALOG_TEXTS.yes)}
              </Button>
            </Space>
          )
        }
      >
        {isLoading ? (
          <div style={{ textAlign: "center", padding: 16 }}>
            <Spin size="large" />
          </div>
        ) : (
          <>
            {dialog?.text ? <Typography.Paragraph>{dialog.text}</Typography.Paragraph> : null}
            {failure ? (
              <Typography.Paragraph type="danger" role="alert">
                {failure}
              </Typography.Paragraph>
            ) : null}
          </>
        )}
      </Modal>
    </DialogContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogContext);
  if (!dialogs) throw new Error("useDialogs precisa do DialogProvider");
  return dialogs;
}
