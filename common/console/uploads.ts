/**
 * Files the organiser uploads from the console: content images, replacement templates, and the
 * files of an entry the organiser downloads. Shared by the console SPA and the server (no zod here).
 */

/** Where an uploaded content image is used; each has its own largest edge (images are never enlarged). */
export const CONTENT_IMAGE_PURPOSES = ['newsCover', 'juryPhoto', 'exhibitionCover', 'sponsorLogo', 'wechatQr', 'siteLogo', 'heroImage'] as const;
export type ContentImagePurpose = (typeof CONTENT_IMAGE_PURPOSES)[number];
export const CONTENT_IMAGE_MAX_EDGE: Record<ContentImagePurpose, number> = {
  newsCover: 1920,
  exhibitionCover: 1920,
  juryPhoto: 800,
  sponsorLogo: 800,
  wechatQr: 800,
  siteLogo: 800,
  heroImage: 2560,
};
/** Images of the media library sit in article bodies, as wide as a news cover at most. */
export const LIBRARY_IMAGE_MAX_EDGE = 1920;
export const CONTENT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** A template (entry form, letter, commitment) is a short document; 20 MB leaves room for scans. */
export const TEMPLATE_MAX_BYTES = 20 * 1024 * 1024;
export const TEMPLATE_ACCEPT = '.pdf,.doc,.docx,.zip';

/** The organiser's limit of the authorisation package, in whole megabytes (the settings page shows MB). */
export const EMPOWER_MAX_MB = { min: 1, max: 1024 } as const;
export const MB = 1024 * 1024;

/** An upload begun before the submission deadline may finish this long after it (minutes; 0: a hard deadline). */
export const UPLOAD_GRACE_DEFAULT_MINUTES = 120;
export const UPLOAD_GRACE_MAX_MINUTES = 24 * 60;

/** The files of an entry the organiser can download. */
export const ENTRY_FILES = ['cover', 'videoCover', 'teamLogo', 'video', 'trailer', 'empower'] as const;
export type EntryFileName = (typeof ENTRY_FILES)[number];
/** A file answering one of the organiser's fields (a student ID card), named by the field's key. */
export type FieldFileName = `field:${string}`;
export const FIELD_FILE_NAME = /^field:f[a-f0-9]{10}$/;
export const isFieldFileName = (name: string): name is FieldFileName => FIELD_FILE_NAME.test(name);
/** Every file of an entry the organiser can download. */
export type DownloadableFile = EntryFileName | FieldFileName;

export type ContentImageUpload = { url: string; width: number; height: number; bytes: number; format: 'jpg' | 'png' | 'webp' };
/** One image of the media library; `uses` counts the news items, exhibitions and pages whose texts show it. */
export type LibraryImage = {
  id: number;
  url: string;
  name: string;
  width: number;
  height: number;
  bytes: number;
  format: string;
  createdAt: string;
  uses: number;
};
export type TemplateFileUpload = { id: number; fileUrl: string; fileName: string; bytes: number; kind: 'pdf' | 'doc' | 'docx' | 'zip' };
/** One downloadable file of an entry; `fileName` is the name the download gets. */
export type EntryFileInfo = { name: EntryFileName; fileName: string; size: number | null };

/**
 * An exhibition video after its upload: checked at once, then made web-playable in the background.
 * `url`/`posterUrl` are set once published; `code` is the catalogue code of a failure.
 */
export type ExhibitionVideoState = 'processing' | 'published' | 'failed';
export type ExhibitionVideoStatus = {
  id: string;
  status: ExhibitionVideoState;
  percent: number;
  url: string | null;
  posterUrl: string | null;
  code: number | null;
};
export const EXHIBITION_VIDEO_ACCEPT = 'video/*,.mp4,.mov,.m4v,.avi,.mkv,.webm,.mpg,.mpeg,.ts,.flv,.wmv';
