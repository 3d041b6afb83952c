import { Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";

export interface TermsModalProps {
  open: boolean;
  loading: boolean;
  onAccept(): void;
  onRefuse(): void;
}

/** The terms of use shown after a first sign-in (spec section 4). Refusing keeps the user signed out. */
export function TermsModal({ open, loading, onAccept, onRefuse }: TermsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t("terms.title")}
      okText={t("terms.accept")}
      cancelText={t("terms.refuse")}
      onOk={onAccept}
      onCancel={onRefuse}
      confirmLoading={loading}
      maskClosable={false}
      closable={!loading}
      width={640}
    >
      <Typography.Paragraph>{t("terms.intro")}</Typography.Paragraph>
      <div style={{ maxHeight: 320, overflowY: "auto", paddingRight: 8 }} tabIndex={0} aria-label={t("terms.title")}>
        <Typography.Paragraph>
          1. O sistema apoia a gestão das transferências recebidas pelo município (emendas impositivas,
          transferências voluntárias e fundo a fundo) e a prestação de contas correspondente.
        </Typography.Paragraph>
        <Typography.Paragraph>
          2. O acesso é pessoal e intransferível. Você responde pelas informações que registrar e deve
          mantê-las fiéis aos documentos oficiais (Transferegov, SIAFI, notas de empenho e ordens bancárias).
        </Typography.Paragraph>
        <Typography.Paragraph>
          3. Os dados pessoais de usuários são tratados conforme a Lei Geral de Proteção de Dados (Lei
          13.709/2018), apenas para autenticação, auditoria de acessos e comunicação sobre o serviço.
        </Typography.Paragraph>
        <Typography.Paragraph>
          4. As informações marcadas como públicas são publicadas no portal de transparência do município,
          em cumprimento à LC 131/2009, à Lei 12.527/2011 (LAI) e à LC 210/2024.
        </Typography.Paragraph>
        <Typography.Paragraph>
          5. Acessos, inclusive tentativas sem sucesso, são registrados para fins de segurança.
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
