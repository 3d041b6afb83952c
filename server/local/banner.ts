/**
 * What `npm start` says once it is ready (issue 36 item 9): a short pt-BR banner with where to go,
 * who to sign in as, where the e-mails land and where the data and the request log are. After it, the
 * console stays quiet unless something is wrong (server/lib/logging.ts).
 */
export interface BannerFacts {
  address: string;
  seconds: string;
  /** Demo accounts to sign in with (local stack only), with their password. */
  demo: { accounts: { email: string; role: string }[]; password: string } | null;
  inboxUrl: string | undefined;
  dataDir: string | null;
  databaseLabel: string;
  logFile: string | null;
  /** How long each part took (emulador 8,1 s, banco 2,0 s…). */
  times: string[];
}

const ROLE_NAMES: Record<string, string> = { ADMIN: "administrador", MANAGER: "gestor da prefeitura", USER: "usuário da prefeitura" };

export function readyBanner(facts: BannerFacts): string[] {
  const lines = [`[sol] SOL Transferências pronto em ${facts.seconds} (${facts.times.join(", ")})`, `      Acesse:            ${facts.address}/admin`];
  if (facts.demo) {
    const [first, ...others] = facts.demo.accounts;
    const describe = (account: { email: string; role: string }) => `${account.email} (${ROLE_NAMES[account.role] ?? account.role})`;
    if (first) lines.push(`      Contas de teste:   ${describe(first)}`);
    for (const account of others) lines.push(`                         ${describe(account)}`);
    lines.push(`      Senha das contas:  ${facts.demo.password}`);
  }
  if (facts.inboxUrl) lines.push(`      E-mails enviados:  ${facts.inboxUrl}`);
  lines.push(`      Banco de dados:    ${facts.databaseLabel}`);
  if (facts.dataDir) lines.push(`      Pasta de dados:    ${facts.dataDir}`);
  if (facts.logFile) lines.push(`      Registro:          ${facts.logFile} (LOG_LEVEL=info mostra cada requisição aqui)`);
  lines.push("      Ctrl+C encerra.");
  return lines;
}
