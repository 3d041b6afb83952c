/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This build's id, written by the build (scripts/build-meta.ts); absent in development. */
  readonly VITE_BUILD_ID?: string;
}
