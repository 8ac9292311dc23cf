import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The back office's training videos and pages calls as query options (keys ['staff', 'training'], ['staff', 'pages']). */
export const staffTrainingQuery = () => ({
  queryKey: ['staff', 'training'],
  queryFn: () => staffFetch(contract.listStaffTraining),
});

export const updateTrainingCategory = (slug: string, body: contract.UpdateTrainingCategory) =>
  staffFetch(contract.updateTrainingCategory, { params: { slug }, body });

/** Saves a video (`id`), or adds one (no id). */
export const saveTrainingVideo = (id: string | undefined, body: contract.SaveTrainingVideo) =>
  id
    ? staffFetch(contract.updateTrainingVideo, { params: { id }, body })
    : staffFetch(contract.createTrainingVideo, { body });

export const uploadTrainingVideoFile = (id: string, kind: 'clip' | 'thumbnail', file: File) => {
  const formData = new FormData();
  formData.append(contract.MEDIA_UPLOAD_FIELD, file);
  const entry = kind === 'clip' ? contract.uploadTrainingVideoClip : contract.uploadTrainingVideoThumbnail;
  return staffFetch(entry, { params: { id }, formData });
};

export const staffPagesQuery = () => ({
  queryKey: ['staff', 'pages'],
  queryFn: () => staffFetch(contract.listStaffPages),
});

export const updatePageText = (page: contract.PageTextKey, body: { body: string }) =>
  staffFetch(contract.updatePageText, { params: { page }, body });

export const updateDestination = (key: contract.DestinationKey, value: string | null) =>
  staffFetch(contract.updateDestination, { params: { key }, body: { value } });
