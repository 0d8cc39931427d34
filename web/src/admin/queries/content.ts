import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../common/api-types';
import type { AdminContentRow, EditablePage } from '../../../../common/console/api-types';
import type { ContentImagePurpose, ContentImageUpload, ExhibitionVideoStatus, LibraryImage, TemplateFileUpload } from '../../../../common/console/uploads';
import type { PageSlug } from '../../../../common/constants';
import { qs } from '../../api/query-string';
import { request } from '../../api/request';
import { adminGet, adminSend, adminUpload } from '../api';
import { CONSOLE_PAGE_SIZE } from '../table-pagination';
import { adminKeys } from './keys';

/** One content kind's list (news, jury profiles, exhibitions, sponsors, templates, scam tips), a page at a time. */
export const useContentList = (kind: string | undefined, page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...adminKeys.content(kind ?? ''), page],
    queryFn: ({ signal }) => adminGet<Paged<AdminContentRow>>(`/api/admin/content/${kind}${qs({ page, pageSize: CONSOLE_PAGE_SIZE })}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Creates an item (`id` null) or saves an existing one. */
export const saveContent = (kind: string, id: number | null, body: Record<string, unknown>) =>
  id === null ? adminSend('POST', `/api/admin/content/${kind}`, body) : adminSend('PUT', `/api/admin/content/${kind}/${id}`, body);
export const deleteContent = (kind: string, id: number) => adminSend('DELETE', `/api/admin/content/${kind}/${id}`);
export const publishNews = (id: number, published: boolean) => adminSend('POST', `/api/admin/news/${id}/publish`, { published });

/** The sanitised HTML of a rich field, as visitors will get it. */
export const previewRichText = (html: string) => adminSend<{ html: string }>('POST', '/api/admin/preview', { html });

/** The organiser-written pages (contest details, about us, special thanks, privacy notice). */
export const usePage = (slug: PageSlug) =>
  useQuery({ queryKey: [...adminKeys.pages, slug], queryFn: ({ signal }) => adminGet<EditablePage>(`/api/admin/pages/${slug}`, signal) });
export const useAllPages = () =>
  useQuery({ queryKey: [...adminKeys.pages, 'all'], queryFn: ({ signal }) => adminGet<EditablePage[]>('/api/admin/pages', signal) });
export const savePage = (slug: PageSlug, body: object) => adminSend<EditablePage>('PUT', `/api/admin/pages/${slug}`, body);
export const publishPage = (slug: PageSlug, published: boolean) => adminSend<EditablePage>('POST', `/api/admin/pages/${slug}/publish`, { published });

/** The media library; each tile says where the image is used, which any article's save can change: read again on every opening. */
export const useMediaLibrary = () =>
  useQuery({
    queryKey: adminKeys.mediaLibrary,
    queryFn: ({ signal }) => adminGet<LibraryImage[]>('/api/admin/media-library', signal),
    refetchOnMount: 'always',
  });
export const uploadLibraryImage = (file: File) => adminUpload<LibraryImage>(`/api/admin/media-library?name=${encodeURIComponent(file.name)}`, file);
export const deleteLibraryImage = (id: number) => adminSend('DELETE', `/api/admin/media-library/${id}`);

/** An image for a content field: the server checks and re-encodes it and answers its address. */
export const uploadContentImage = (purpose: ContentImagePurpose, file: File) =>
  adminUpload<ContentImageUpload>(`/api/admin/uploads/image?purpose=${purpose}`, file);
export const replaceTemplateFile = (id: number, file: File) =>
  adminUpload<TemplateFileUpload>(`/api/admin/templates/${id}/file?name=${encodeURIComponent(file.name)}`, file);
/** Asked again and again while a video is converted, so a failed poll stays quiet (the next one may answer). */
export const exhibitionVideoStatus = (id: string) => request<ExhibitionVideoStatus>(`/api/admin/exhibition-video/${id}`, { level: 'silent' });
