import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Refine, useInvalidateAuthStore, type AuthProvider } from "@refinedev/core";
import { SessionGuard } from "@/admin/session-guard";

/** An auth provider whose answers the test releases one by one. */
function controlledSession(signedIn: boolean) {
  const pending: Array<() => void> = [];
  let current = signedIn;
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    onError: async () => ({}),
    check: () => new Promise((resolve) => pending.push(() => resolve({ authenticated: current }))),
  };
  return {
    authProvider,
    set: (value: boolean) => (current = value),
    /** Waits for a check to be asked, then answers every check asked so far. */
    answer: async () => {
      await waitFor(() => expect(pending.length).toBeGreaterThan(0));
      await act(async () => {
        pending.splice(0).forEach((release) => release());
      });
      await settle();
    },
  };
}

/** Lets React Query tell its observers (it does so on a timer) and React render. */
const settle = () => act(() => new Promise<void>((settled) => setTimeout(settled, 5)));

/** A signed-in screen with something typed in it. */
function Screen() {
  const [typed, setTyped] = useState("");
  return <input aria-label="campo" value={typed} onChange={(event) => setTyped(event.target.value)} />;
}

/** Asks Refine to check the session again, as useLogin does after a sign-in and the profile after a save. */
function Recheck() {
  const invalidate = useInvalidateAuthStore();
  return <button onClick={() => void invalidate()}>verificar</button>;
}

function renderGuard(session: ReturnType<typeof controlledSession>) {
  return render(
    <Refine authProvider={session.authProvider} options={{ disableTelemetry: true }}>
      <Recheck />
      <SessionGuard fallback={<p>entrar</p>} loading={<p>carregando</p>}>
        <Screen />
      </SessionGuard>
    </Refine>,
  );
}

describe("SessionGuard", () => {
  it("shows loading until the first answer, then the screen", async () => {
    const signedIn = controlledSession(true);
    renderGuard(signedIn);
    expect(screen.getByText("carregando")).toBeTruthy();
    await signedIn.answer();
    expect(screen.getByLabelText("campo")).toBeTruthy();
  });

  it("shows the fallback to someone without a session", async () => {
    const signedOut = controlledSession(false);
    renderGuard(signedOut);
    await signedOut.answer();
    expect(screen.getByText("entrar")).toBeTruthy();
  });

  it("keeps the signed-in screen, and what was typed, while the session is checked again", async () => {
    const session = controlledSession(true);
    renderGuard(session);
    await session.answer();
    fireEvent.change(screen.getByLabelText("campo"), { target: { value: "rascunho" } });
    fireEvent.click(screen.getByText("verificar"));
    await settle();
    // The check is in flight: Refine's <Authenticated> would show "carregando" here and drop the input.
    expect(screen.queryByText("carregando")).toBeNull();
    await session.answer();
    expect((screen.getByLabelText("campo") as HTMLInputElement).value).toBe("rascunho");
  });

  it("leaves the screen as soon as a new check says the session is gone", async () => {
    const session = controlledSession(true);
    renderGuard(session);
    await session.answer();
    session.set(false);
    fireEvent.click(screen.getByText("verificar"));
    await session.answer();
    expect(screen.getByText("entrar")).toBeTruthy();
    expect(screen.queryByLabelText("campo")).toBeNull();
  });

  it("does not trust a remembered 'signed out' while it is checked again (right after signing in)", async () => {
    const session = controlledSession(false);
    renderGuard(session);
    await session.answer();
    expect(screen.getByText("entrar")).toBeTruthy();
    session.set(true);
    fireEvent.click(screen.getByText("verificar"));
    await settle();
    // Acting on the remembered answer here would redirect to the login and race the sign-in's own redirect.
    expect(screen.queryByText("entrar")).toBeNull();
    expect(screen.getByText("carregando")).toBeTruthy();
    await session.answer();
    expect(screen.getByLabelText("campo")).toBeTruthy();
  });

  it("offline, shows the offline screen instead of sending a signed-in person to the sign-in form", async () => {
    const online = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    try {
      const session = controlledSession(false);
      renderGuard(session);
      await session.answer();
      expect(screen.getByRole("heading", { name: "Sem conexão com a internet" })).toBeTruthy();
      expect(screen.queryByText("entrar")).toBeNull();
    } finally {
      online.mockRestore();
    }
  });
});
