export { FileField } from './FileField';
export type { FileFieldProps, FileRejection } from './FileField';
export { sniffImageType, formatFileSize, formatSizeLimit, DEFAULT_IMAGE_TYPES } from './imageFile';
export type { ImageMimeType } from './imageFile';
