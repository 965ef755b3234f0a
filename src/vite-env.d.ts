/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SITE_ID?: string;
  readonly VITE_SESSION_COPY_KEY?: string;
}
