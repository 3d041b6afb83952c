import type { SessionUser } from "@/domain/auth";
import type { AxiosInstance } from "axios";
import { http as defaultHttp } from "@/lib/http";
import { mayHaveSession } from "@/lib/session-hint";

let current: Promise<SessionUser | null> | undefined;
/** The answer once it has arrived (undefined before), for decisions that cannot wait a render. */
let known: SessionUser | null | undefined;

/** The signed-in user, asked of the server once per session and shared by every guard. */
export function getSessionUser(http: AxiosInstance = defaultHttp): Promise<SessionUser | null> {
  if (!current && !mayHaveSession()) return Promise.resolve(null);
  current ??= http
    .get<{ user: SessionUser }>("/api/auth/me")
    .then((res) => (known = res.data.user))
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 401) console.error("Falha ao carregar o usuário da sessão", error);
      current = undefined;
      known = undefined;
      return null;
    });
  return current;
}

export function setSessionUser(user: SessionUser | null) {
  current = Promise.resolve(user);
  known = user;
}

/** The signed-in user if the server has already answered; undefined while it has not. */
export function knownSessionUser(): SessionUser | null | undefined {
  return known;
}

export function clearSessionUser() {
  current = undefined;
  known = undefined;
}
