/** Public URLs of the generated images (served by modules/images/routes.ts, no token needed). */
const IMAGE_BASE = '/api/images';

export const managerImageUrl = (id: number) => `${IMAGE_BASE}/managers/${id}`;
export const managerQrUrl = (id: number) => `${IMAGE_BASE}/managers/${id}/qr`;
export const campaignThumbnailUrl = (id: number) => `${IMAGE_BASE}/campaigns/${id}`;
export const sliderImageUrl = (id: number, size: 'full' | 'thumb' = 'full') => `${IMAGE_BASE}/slider/${id}?size=${size}`;
export const resourceImageUrl = (id: number) => `${IMAGE_BASE}/resources/${id}`;
