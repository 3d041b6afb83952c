import { MailDev } from "maildev";

/**
 * The embedded default for e-mail (`npm start` without SMTP_URL): maildev, an SMTP server that keeps
 * every message and shows it in a web inbox, both bound to 127.0.0.1 and relaying nothing, so no
 * e-mail leaves the machine. Its messages are kept under DATA_DIR/maildev.
 */
export interface RunningMailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

export async function startMailCatcher(options: { smtpPort: number; webPort: number; dir: string }): Promise<RunningMailCatcher> {
  const maildev = new MailDev({ smtp: options.smtpPort, web: options.webPort, ip: "127.0.0.1", webIp: "127.0.0.1", mailDirectory: options.dir, silent: true });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
    inboxUrl: `http://localhost:${options.webPort}`,
    stop: () => maildev.stop(),
  };
}
