/**
 * Where the API lives: the page's own origin unless VITE_API_URL says otherwise; VITE_IMAGE_BASE is the image
 * domain of spec §9 (default: the same origin). Its own module so that the login entry (src/boot.ts) can read
 * it without the resource declarations src/portal.ts brings.
 */
export const apiUrl: string = import.meta.env.VITE_API_URL ?? '';
export const imageBase: string = import.meta.env.VITE_IMAGE_BASE ?? apiUrl;
