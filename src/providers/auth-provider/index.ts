import type { AuthProvider } from "@refinedev/core";
import type { AxiosInstance } from "axios";
import { LOGIN_FAILED_MESSAGE, type LogAction, type SessionUser } from "@/domain/auth";
import { http as defaultHttp } from "@/lib/http";
import { clearPrefetched } from "@/lib/prefetch";
import { firebaseIdentityClient, type IdentityClient } from "./identity-client";
import { clearSessionUser, getSessionUser, setSessionUser } from "./session";
import { TERMS_REQUIRED } from "./terms";

import { LOGIN_PATH, homePathOf } from "./paths";
import { passesGuard } from "@/domain/guards";

export { HOME_PATH, LOGIN_PATH, LOGOUT_PATH, homePathOf } from "./paths";

export interface LoginParams {
  email?: string;
  password?: string;
  providerName?: "google";
  /** Set when the user accepted the terms shown after a first attempt. */
  acceptTerms?: boolean;
  redirectTo?: string;
}

export { TERMS_REQUIRED } from "./terms";

/** Terms check (spec section 4): passes when accepted or when the user is an ADMIN. */
export function passesTermsCheck(user: SessionUser): boolean {
  return user.customClaims.acceptTerms || passesGuard(user.customClaims.role, "admin-only");
}

const loginError = () => ({ name: "Erro", message: LOGIN_FAILED_MESSAGE });

export function createAuthProvider(identity: IdentityClient = firebaseIdentityClient, http: AxiosInstance = defaultHttp): AuthProvider {
  const log = (action: LogAction, comment: string, userData: unknown) =>
    http.post("/api/log", { action, comment, userData }).catch((error) => console.error("Falha ao registrar o acesso", error));

  async function exchange(idToken: string): Promise<SessionUser> {
    const res = await http.post<{ user: SessionUser }>("/api/auth/login", { firebaseIdToken: idToken });
    return res.data.user;
  }

  async function endSession() {
    clearPrefetched(); // answers asked for at page load belong to the session that ends
    await http.post("/api/auth/logout").catch(() => undefined);
    await identity.signOut().catch(() => undefined);
    clearSessionUser();
  }

  return {
    async login(params: LoginParams) {
      let email = params.email ?? null;
      try {
        let idToken: string;
        if (params.providerName === "google") {
          const result = await identity.signInWithGoogle();
          idToken = result.idToken;
          email = result.email;
        } else {
          idToken = await identity.signInWithPassword(params.email ?? "", params.password ?? "");
        }
        let user = await exchange(idToken);
        if (!passesTermsCheck(user)) {
          if (!params.acceptTerms) {
            await endSession();
            return { success: false, error: { name: TERMS_REQUIRED, message: "Aceite os termos de uso para continuar." } };
          }
          const res = await http.patch<SessionUser["customClaims"] & object>(`/api/users/${user.id}`, {
            acceptTerms: true,
            acceptTermsAt: new Date().toISOString(),
          });
          if (!res.data) throw new Error("termos não atualizados");
          user = { ...user, customClaims: { ...user.customClaims, acceptTerms: true } };
        }
        clearPrefetched(); // nothing asked for before this sign-in is this person's
        setSessionUser(user);
        void log("LOGIN", `Login de ${user.email}`, { id: user.id, email: user.email, role: user.customClaims.role });
        return { success: true, redirectTo: params.redirectTo ?? homePathOf(user.customClaims.role) };
      } catch (error) {
        if (params.providerName === "google") console.error("Falha no login com Google", error);
        const reason = error instanceof Error ? error.message : ((error as { message?: string })?.message ?? String(error));
        void log("LOGIN", `Falha no login: ${reason} - e-mail: ${email ?? "desconhecido"}`, null);
        await endSession();
        return { success: false, error: loginError() };
      }
    },

    async logout() {
      const user = await getSessionUser(http);
      if (user) await log("LOGOUT", `Logout de ${user.email}`, { id: user.id, email: user.email });
      await endSession();
      return { success: true, redirectTo: LOGIN_PATH };
    },

    async check() {
      const user = await getSessionUser(http);
      if (user && passesTermsCheck(user)) return { authenticated: true };
      return { authenticated: false, redirectTo: LOGIN_PATH, logout: Boolean(user) };
    },

    async onError(error: { statusCode?: number }) {
      if (error?.statusCode === 401) {
        clearSessionUser();
        return { logout: true, redirectTo: LOGIN_PATH };
      }
      return {};
    },

    async getIdentity() {
      return getSessionUser(http);
    },

    async getPermissions() {
      return (await getSessionUser(http))?.customClaims.role ?? null;
    },

    async forgotPassword({ email }: { email: string }) {
      try {
        // The server asks the identity provider for the link and answers the same for any e-mail.
        await http.post("/api/auth/forgot-password", { email });
        return { success: true, successNotification: { message: "E-mail enviado", description: "Confira sua caixa de entrada para redefinir a senha." } };
      } catch {
        return { success: false, error: { name: "Erro", message: "Não foi possível enviar o e-mail de redefinição. Confira o endereço e tente novamente." } };
      }
    },
  };
}

export const authProvider = createAuthProvider();
