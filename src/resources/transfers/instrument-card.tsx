import { useState } from "react";
import { useCustom, useCustomMutation, useInvalidate, useNotification, type HttpError } from "@refinedev/core";
import { Button, Card, Space, Typography, Upload } from "antd";
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from "@ant-design/icons";
import { CanAccessNow } from "@/components/can-access-now";
import { useDialogs } from "@/components/dialogs";
import type { InstrumentTransferKind, TransferInstrument } from "@/domain/transfer-instruments";
import { formatBytes } from "@/domain/uploads";
import { uploadDocument } from "@/lib/uploads";
import { useT } from "@/providers/i18n";

/**
 * The inteiro teor of the transfer's instrument (PNTP 5.1) on its admin page: everybody of the
 * company downloads it; a manager attaches a PDF (signed upload of kind instrument), replaces or
 * removes it. The public portal links it while the transfer is published.
 */
export function InstrumentCard({ kind, transferId }: { kind: InstrumentTransferKind; transferId: number }) {
  const t = useT();
  const base = `/api/${kind}/${transferId}/instrument`;
  const { result, query } = useCustom<{ instrument: TransferInstrument | null }>({ url: base, method: "get" });
  const { mutateAsync } = useCustomMutation<{ instrument: TransferInstrument | null }, HttpError>();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const dialogs = useDialogs();
  const instrument = result?.data?.instrument ?? null;

  /** The upload itself (type, size, link): a refusal never reaches the mutation, so it is told here. */
  async function upload(file: File): Promise<string> {
    try {
      if (!file.name.toLowerCase().endsWith(".pdf")) throw { message: t("transfers.instrument.onlyPdf"), statusCode: 422 };
      return (await uploadDocument(file, "instrument")).storagePath;
    } catch (error) {
      open?.({ type: "error", message: (error as { message?: string }).message ?? t("transfers.instrument.onlyPdf") });
      throw error;
    }
  }

  async function attach(file: File) {
    setBusy(true);
    try {
      const storagePath = await upload(file);
      await mutateAsync({ url: base, method: "put", values: { storagePath, fileName: file.name.slice(0, 120) }, successNotification: { type: "success", message: t("transfers.instrument.saved") } });
      await query.refetch();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await mutateAsync({ url: base, method: "delete", values: {}, successNotification: { type: "success", message: t("transfers.instrument.removed") } });
      await query.refetch();
      await invalidate({ resource: kind, invalidates: ["detail"] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card size="small" title={t("transfers.instrument.title")} loading={query.isLoading} style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: "100%" }}>
        {instrument ? (
          <a href={`${base}/file`} download={instrument.fileName}>
            <PaperClipOutlined /> {t("transfers.instrument.file", { name: instrument.fileName, size: formatBytes(instrument.size) })}
          </a>
        ) : (
          <Typography.Text type="secondary">{t("transfers.instrument.none")}</Typography.Text>
        )}
        <Typography.Text type="secondary">{t("transfers.instrument.hint")}</Typography.Text>
        <CanAccessNow resource={kind} action="edit">
          <Space wrap>
            <Upload
              accept="application/pdf,.pdf"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                attach(file as File).then(
                  () => onSuccess?.(null),
                  (error: unknown) => onError?.(error as Error),
                );
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy}>
                {instrument ? t("transfers.instrument.replace") : t("transfers.instrument.attach")}
              </Button>
            </Upload>
            {instrument ? (
              // The product's one confirmation dialog (src/components/dialogs), as every other removal.
              <Button danger icon={<DeleteOutlined />} disabled={busy} onClick={() => void dialogs.confirm({ title: t("transfers.instrument.removeConfirm"), danger: true, onConfirm: remove })}>
                {t("transfers.instrument.remove")}
              </Button>
            ) : null}
          </Space>
        </CanAccessNow>
      </Space>
    </Card>
  );
}
