import { useState } from "react";
import { useCustomMutation, useInvalidate, useNotification, type HttpError } from "@refinedev/core";
import { Button, Card, Space, Typography, Upload, type UploadFile } from "antd";
import { CloudDownloadOutlined, CloudUploadOutlined, UploadOutlined } from "@ant-design/icons";
import type { CaucImportResult } from "@/domain/regularity";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";

/** ADMIN: the Tesouro's national CAUC file, uploaded or fetched from Tesouro Transparente, applied to every registered municipality. */
export function CaucImport() {
  const t = useT();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const { mutateAsync, mutation } = useCustomMutation<CaucImportResult, HttpError>();
  const report = async (result: CaucImportResult) => {
    await Promise.all([invalidate({ resource: "regularity-items", invalidates: ["list"] }), invalidate({ resource: "regularity-snapshots", invalidates: ["list"] })]);
    open?.({
      type: "success",
      message: t("regularity.import.done", { date: formatDate(result.checkedOn), count: result.applied.length }),
      description: result.missing.length ? t("regularity.import.missing", { names: result.missing.map((m) => m.name).join(", ") }) : undefined,
    });
  };
  const upload = async () => {
    const body = new FormData();
    const file = files[0]?.originFileObj;
    if (!file) return;
    body.append("file", file, file.name);
    // simple-rest sends `values` as the body; a FormData goes as multipart/form-data.
    const response = await mutateAsync({ url: "/api/regularity/cauc-import", method: "post", values: body as unknown as Record<string, never>, successNotification: false });
    setFiles([]);
    await report(response.data);
  };
  const fetchFromTesouro = async () => {
    const response = await mutateAsync({ url: "/api/regularity/cauc-import/tesouro", method: "post", values: {}, successNotification: false });
    await report(response.data);
  };
  return (
    <Card size="small" title={t("regularity.import.title")}>
      <Typography.Paragraph type="secondary">{t("regularity.import.intro")}</Typography.Paragraph>
      <Space wrap>
        <Upload accept=".csv,text/csv" maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(-1))}>
          <Button icon={<UploadOutlined />}>{t("regularity.import.choose")}</Button>
        </Upload>
        <Button type="primary" icon={<CloudUploadOutlined />} disabled={!files.length} loading={mutation.isPending} onClick={() => void upload().catch(() => undefined)}>
          {t("regularity.import.send")}
        </Button>
        <Button icon={<CloudDownloadOutlined />} loading={mutation.isPending} onClick={() => void fetchFromTesouro().catch(() => undefined)}>
          {t("regularity.import.fetch")}
        </Button>
      </Space>
    </Card>
  );
}
