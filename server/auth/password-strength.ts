import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as ptBr from "@zxcvbn-ts/language-pt-br";

/**
 * Whether a new password is good enough, with the reason in pt-BR when it is not (issue 36 item 1):
 * refused when it is on the maintained list of common passwords (zxcvbn-ts' `passwords-common`) or
 * when zxcvbn-ts, with the common and pt-BR dictionaries, scores it under MIN_SCORE. The length rules
 * (8 to 128) are the schema's (src/domain/users.ts) and run before this.
 */

/** zxcvbn's scale: 0 too guessable … 4 very unguessable; 3 is "safely unguessable" (about 10^10 guesses). */
export const MIN_SCORE = 3;

export const COMMON_PASSWORD = "Esta senha está entre as mais usadas e seria adivinhada em segundos. Escolha outra.";
export const WEAK_PASSWORD = "Senha fácil de adivinhar.";

// Built on first use: the dictionaries take about 150 ms to load, which only a password change should pay.
let estimator: ZxcvbnFactory | undefined;
let commonPasswords: Set<string> | undefined;

function ready() {
  // No Levenshtein matching: it costs ~200 ms of CPU per check (a cheap way to tie up the server),
  // while the exact, l33t and reversed dictionary matches already catch the list's variants.
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    translations: ptBr.translations,
  });
  commonPasswords ??= new Set(common.dictionary["passwords-common"].map((word) => String(word).toLowerCase()));
  return { estimator, commonPasswords };
}

/**
 * The reason a password is refused, or null when it is acceptable. `personal` are words the person's
 * own data gives away (name, e-mail), which make a password guessable for whoever targets them.
 */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  const { estimator, commonPasswords } = ready();
  if (commonPasswords.has(password.toLowerCase())) return COMMON_PASSWORD;
  const inputs = personal.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  const result = estimator.check(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning;
  const hint = result.feedback.suggestions[0];
  return [WEAK_PASSWORD, why, hint ?? "Use uma frase com palavras pouco comuns, números e símbolos."].filter(Boolean).join(" ");
}
