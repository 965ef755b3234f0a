import { z } from 'zod';
import { IdParams, SafeText } from './common';
import { endpoint } from './endpoint';
import { SuccessOnly, successEnvelope } from './envelope';
import { ROLES } from './roles';

/**
 * The back office's campaign material (docs/ops-files.md): a campaign's landing pages (with an
 * uploaded screenshot) and creatives (banners uploaded as images, text links, solo e-mails), and an
 * affiliate manager's photo and chat QR code. Readers (admin, manager, viewer) list; approvers
 * (admin, manager) write, each write audited. Uploads are multipart; an image is checked by its
 * bytes (JPEG, PNG, GIF or WebP, whole), its width and height read from them. What is uploaded is
 * served at GET /cdn/files/{name} and shown on the affiliates' campaign page instead of the drawn
 * picture.
 */

const MB = 1_000_000;

/** Each kind of upload: its largest file in bytes and its largest side in pixels. */
export const MATERIAL_IMAGES = {
  banner: { label: 'banner', maxBytes: 2 * MB, maxSide: 4000 },
  screenshot: { label: 'screenshot', maxBytes: 5 * MB, maxSide: 10_000 },
  managerPhoto: { label: 'photo', maxBytes: 2 * MB, maxSide: 4000 },
  managerQr: { label: 'QR code', maxBytes: 1 * MB, maxSide: 4000 },
} as const;
export type MaterialImageKind = keyof typeof MATERIAL_IMAGES;

export const MATERIAL_MESSAGES = {
  noImage: 'Choose an image file to upload.',
  notImage: 'This file is not a whole JPEG, PNG, GIF or WebP image. Save it in one of these formats and upload it again.',
  tooLarge: (kind: MaterialImageKind) => `The ${MATERIAL_IMAGES[kind].label} is larger than ${MATERIAL_IMAGES[kind].maxBytes / MB} MB. Upload a smaller file.`,
  tooManyPixels: (kind: MaterialImageKind, width: number, height: number) =>
    `The ${MATERIAL_IMAGES[kind].label} is ${width} × ${height} pixels; it can be at most ${MATERIAL_IMAGES[kind].maxSide} pixels wide and high.`,
  storeDown: 'The file could not be stored just now. Please try again in a minute.',
} as const;

const filled = (v: string) => v.trim() !== '';
const Name = SafeText().max(200, 'The name can be at most 200 characters.').refine(filled, 'Enter a name.');
const LandingUrl = SafeText().max(2000, 'The URL can be at most 2,000 characters.').refine(filled, 'Enter the landing page URL.');
const LinkText = SafeText().max(1000, 'The text can be at most 1,000 characters.').refine(filled, 'Enter the text of the link.');
const Subject = SafeText().max(300, 'The subject can be at most 300 characters.').refine(filled, 'Enter the subject of the e-mail.');
const EmailText = SafeText().max(100_000, "The e-mail's text can be at most 100,000 characters.");
const EmailHtml = SafeText().max(200_000, "The e-mail's HTML can be at most 200,000 characters.");
/** A file part: a Blob in the browser, a Buffer on the server (anything else is refused with 415). */
const FilePart = z.unknown().optional();

const CampaignRef = z.object({ campaign_id: z.number().int(), name: z.string(), advertiser_id: z.number().int() });

export const OpsLandingPage = z.object({
  landing_page_id: z.number().int(),
  campaign_id: z.number().int(),
  name: z.string(),
  /** Where the tracking link sends the visitor; may hold macros like {click_id}. */
  url: z.string(),
  /** Exactly one landing page of a campaign is its default (the link builder's preselection and the click's fallback). */
  is_default: z.boolean(),
  /** The uploaded screenshot's address, or null (the portal shows a drawn picture). */
  screenshot: z.string().nullable(),
  /** What the affiliates' campaign page shows: the uploaded screenshot, else the drawn thumbnail. */
  image: z.string(),
});
export type OpsLandingPage = z.infer<typeof OpsLandingPage>;

const CreativeBase = { creative_id: z.number().int(), campaign_id: z.number().int(), name: z.string() };
export const OpsBanner = z.object({
  ...CreativeBase,
  type: z.literal('banner'),
  /** Read from the uploaded image's bytes (null only for a drawn banner stored without a size). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The image the affiliates see: the uploaded one, else the drawn one; null when there is none. */
  image: z.string().nullable(),
  /** Whether the image is an uploaded file (false: drawn by the server). */
  uploaded: z.boolean(),
});
export const OpsTextLink = z.object({ ...CreativeBase, type: z.literal('text'), text: z.string() });
/** A solo e-mail: htmlEmail when it has HTML (the affiliates get the HTML), textEmail when it is text only. */
export const OpsEmail = z.object({
  ...CreativeBase,
  type: z.enum(['textEmail', 'htmlEmail']),
  subject: z.string(),
  text: z.string(),
  /** As stored: sanitised by the news rule (src/shared/newsHtml.ts), the links [TRACKING_LINK] and [UNSUB_LINK] kept. */
  html: z.string(),
});
export const OpsCreative = z.discriminatedUnion('type', [OpsBanner, OpsTextLink, OpsEmail]);
export type OpsCreative = z.infer<typeof OpsCreative>;

export const OpsManagerPictures = z.object({
  manager_id: z.number().int(),
  name: z.string(),
  /** The uploaded photo's address, or null (a drawn portrait is shown). */
  photo: z.string().nullable(),
  /** The uploaded chat QR code's address, or null (one is drawn from the chat handle). */
  qr: z.string().nullable(),
});

export const LandingPagesResponse = successEnvelope({ campaign: CampaignRef, landing_pages: z.array(OpsLandingPage) });
export const LandingPageResponse = successEnvelope({ landing_page: OpsLandingPage });
export const CreativesResponse = successEnvelope({ campaign: CampaignRef, creatives: z.array(OpsCreative) });
export const CreativeResponse = successEnvelope({ creative: OpsCreative });
export const ManagerPicturesResponse = successEnvelope({ manager: OpsManagerPictures });

export const AddLandingPageBody = z.object({
  name: Name,
  url: LandingUrl,
  /** Make it the default (the campaign's first landing page is the default whatever this says). */
  is_default: z.boolean().default(false),
});
export const EditLandingPageBody = z
  .object({ name: Name.optional(), url: LandingUrl.optional(), is_default: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.url !== undefined || b.is_default !== undefined, 'Change the name, the URL or the default.');

export const ScreenshotBody = z.object({ screenshot: FilePart });
export type ScreenshotInput = { screenshot: Blob };

export const BannerBody = z.object({ name: Name, image: FilePart });
export type BannerInput = { name: string; image: Blob };
export const BannerImageBody = z.object({ image: FilePart });
export type BannerImageInput = { image: Blob };

export const TextLinkBody = z.object({ name: Name, text: LinkText });
export const EmailBody = z
  .object({ name: Name, subject: Subject, text: EmailText.default(''), html: EmailHtml.default('') })
  .refine((b) => filled(b.text) || filled(b.html), "Enter the e-mail's text, its HTML or both.");
/** Only the fields of the creative's kind: a banner's name; a text link's name and text; an e-mail's name, subject, text and HTML. */
export const EditCreativeBody = z
  .object({ name: Name.optional(), text: SafeText().max(100_000, 'The text can be at most 100,000 characters.').optional(), subject: Subject.optional(), html: EmailHtml.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Change the name or the content.');

export const ManagerPhotoBody = z.object({ photo: FilePart });
export type ManagerPhotoInput = { photo: Blob };
export const ManagerQrBody = z.object({ qr: FilePart });
export type ManagerQrInput = { qr: Blob };

/** A served file's name: a key of the file store without folders ('banner-<32 hex>.png'). */
export const FileNameParams = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,100}\.(png|jpg|gif|webp)$/, 'This is not the name of one of our files.'),
});

const tags = ['operator material'];
const upload = (kind: MaterialImageKind, field: string) =>
  ({ files: [field], maxFileBytes: MATERIAL_IMAGES[kind].maxBytes, tooLargeMessage: MATERIAL_MESSAGES.tooLarge(kind) }) as const;

export const opsMaterialEndpoints = {
  listLandingPages: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id/landingPages',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: "A campaign's landing pages, the default first",
    params: IdParams,
    response: LandingPagesResponse,
    errors: [403, 404],
  }),
  addLandingPage: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/landingPages',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Adds a landing page (name, http(s) URL, default or not)',
    params: IdParams,
    body: AddLandingPageBody,
    response: LandingPageResponse,
    errors: [403, 404],
  }),
  editLandingPage: endpoint({
    method: 'PATCH',
    path: '/operator/landingPages/:id',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Changes a landing page's name, URL or makes it the default",
    params: IdParams,
    body: EditLandingPageBody,
    response: LandingPageResponse,
    errors: [403, 404, 409],
  }),
  deleteLandingPage: endpoint({
    method: 'DELETE',
    path: '/operator/landingPages/:id',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Deletes a landing page (and its screenshot); a deleted default passes to the oldest other page',
    params: IdParams,
    response: SuccessOnly,
    errors: [403, 404, 409],
  }),
  uploadLandingPageScreenshot: endpoint({
    method: 'POST',
    path: '/operator/landingPages/:id/screenshot',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Uploads a landing page's screenshot (multipart `screenshot`: JPEG, PNG, GIF or WebP up to 5 MB), replacing an earlier one",
    params: IdParams,
    body: ScreenshotBody,
    multipart: upload('screenshot', 'screenshot'),
    response: LandingPageResponse,
    errors: [403, 404, 415, 503],
  }),
  removeLandingPageScreenshot: endpoint({
    method: 'DELETE',
    path: '/operator/landingPages/:id/screenshot',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Removes a landing page's uploaded screenshot (the drawn one is shown again)",
    params: IdParams,
    response: LandingPageResponse,
    errors: [403, 404],
  }),
  listCreatives: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id/creatives',
    access: 'operator',
    roles: ROLES.readers,
    tags,
    summary: "A campaign's creatives: banners, text links, solo e-mails",
    params: IdParams,
    response: CreativesResponse,
    errors: [403, 404],
  }),
  addBanner: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/creatives/banner',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Adds a banner (multipart `name` and `image`: JPEG, PNG, GIF or WebP up to 2 MB; its width and height are read from the image)',
    params: IdParams,
    body: BannerBody,
    multipart: upload('banner', 'image'),
    response: CreativeResponse,
    errors: [403, 404, 415, 503],
  }),
  replaceBannerImage: endpoint({
    method: 'POST',
    path: '/operator/creatives/:id/image',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Replaces a banner's image (multipart `image`); its width and height follow the new image",
    params: IdParams,
    body: BannerImageBody,
    multipart: upload('banner', 'image'),
    response: CreativeResponse,
    errors: [403, 404, 409, 415, 503],
  }),
  addTextLink: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/creatives/text',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Adds a text link (name and text)',
    params: IdParams,
    body: TextLinkBody,
    response: CreativeResponse,
    errors: [403, 404],
  }),
  addEmail: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/creatives/email',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Adds a solo e-mail (name, subject, text and/or HTML; the HTML is sanitised)',
    params: IdParams,
    body: EmailBody,
    response: CreativeResponse,
    errors: [403, 404],
  }),
  editCreative: endpoint({
    method: 'PATCH',
    path: '/operator/creatives/:id',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Changes a creative's name or content (a banner's image: POST /operator/creatives/{id}/image)",
    params: IdParams,
    body: EditCreativeBody,
    response: CreativeResponse,
    errors: [403, 404],
  }),
  deleteCreative: endpoint({
    method: 'DELETE',
    path: '/operator/creatives/:id',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: 'Deletes a creative (and its uploaded image); reports keep its name',
    params: IdParams,
    response: SuccessOnly,
    errors: [403, 404],
  }),
  uploadManagerPhoto: endpoint({
    method: 'POST',
    path: '/operator/managers/:id/photo',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Uploads an affiliate manager's photo (multipart `photo`: JPEG, PNG, GIF or WebP up to 2 MB)",
    params: IdParams,
    body: ManagerPhotoBody,
    multipart: upload('managerPhoto', 'photo'),
    response: ManagerPicturesResponse,
    errors: [403, 404, 415, 503],
  }),
  uploadManagerQr: endpoint({
    method: 'POST',
    path: '/operator/managers/:id/qr',
    access: 'operator',
    roles: ROLES.approvers,
    tags,
    summary: "Uploads the QR code of an affiliate manager's chat contact (multipart `qr`: JPEG, PNG, GIF or WebP up to 1 MB)",
    params: IdParams,
    body: ManagerQrBody,
    multipart: upload('managerQr', 'qr'),
    response: ManagerPicturesResponse,
    errors: [403, 404, 415, 503],
  }),
};

/** The uploaded files, served outside /api (like the /cdn images) so a CDN can pull them as they are. */
export const materialFileEndpoints = {
  materialFile: endpoint({
    method: 'GET',
    path: '/cdn/files/:name',
    base: 'site',
    access: 'public',
    hidden: true,
    tags: ['images'],
    summary: 'An uploaded file (banner, screenshot, manager photo or QR code), cached for a year: a name is never reused; ?download=1 to save it',
    params: FileNameParams,
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    response: { raw: 'image/*' },
    errors: [404, 503],
  }),
};
