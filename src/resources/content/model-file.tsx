import { DocumentUpload } from "@/components/document-upload";
import { useT } from "@/providers/i18n";

/** A document model's file: uploaded first (kind model), then saved with the form as storagePath and fileName. */
export function ModelFile() {
  const t = useT();
  return <DocumentUpload kind="model" pathField="storagePath" nameField="fileName" label={t("content.models.send")} hint={t("content.models.fileHint")} required requiredMessage={t("content.models.fileRequired")} />;
}
