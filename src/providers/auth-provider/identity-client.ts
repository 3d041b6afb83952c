/** What the auth provider needs from the identity provider: a fresh ID token and sign-out (reset links go through the server). */
export interface IdentityClient {
  signInWithPassword(email: string, password: string): Promise<string>;
  signInWithGoogle(): Promise<{ idToken: string; email: string | null }>;
  signOut(): Promise<void>;
}

/** Firebase Auth, loaded on first use so screens that do not sign in never download it. */
export const firebaseIdentityClient: IdentityClient = {
  async signInWithPassword(email, password) {
    const [{ getFirebaseAuth }, { signInWithEmailAndPassword }] = await Promise.all([import("@/lib/firebase"), import("firebase/auth")]);
    const credential = await signInWithEmailAndPassword(await getFirebaseAuth(), email, password);
    return credential.user.getIdToken();
  },
  async signInWithGoogle() {
    const [{ getFirebaseAuth }, { GoogleAuthProvider, signInWithPopup }] = await Promise.all([import("@/lib/firebase"), import("firebase/auth")]);
    // The SDK owns the popup: its 500x600 window, the closed-popup rejection and one popup at a time.
    const credential = await signInWithPopup(await getFirebaseAuth(), new GoogleAuthProvider());
    return { idToken: await credential.user.getIdToken(), email: credential.user.email };
  },
  async signOut() {
    const [{ getFirebaseAuth }, { signOut }] = await Promise.all([import("@/lib/firebase"), import("firebase/auth")]);
    await signOut(await getFirebaseAuth());
  },
};
