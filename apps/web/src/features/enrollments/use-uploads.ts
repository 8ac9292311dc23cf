import type { EnrollmentMode } from '@arc/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage } from '../../api/client.ts';
import { uploadEnrollment } from '../../api/enrollments.ts';
import { track } from '../../api/telemetry.ts';
import { addTimeProblem, uploadListReducer, type UploadItem } from './upload-list.ts';

/** Two files travel at a time: each keeps a visible pace, and a dropped folder does not hit the rate limit. */
const PARALLEL_UPLOADS = 2;

/** What goes with every file of one drop: the mode, and the client, carrier and plan the agent named (issue 46). */
export interface UploadChoice {
  mode: EnrollmentMode;
  clientId: string;
  carrier?: string;
  plan?: string;
}

interface Job {
  id: string;
  file: File;
  choice: UploadChoice;
}

let nextId = 0;
const newId = () => `upload-${(nextId += 1)}`;

export interface Uploads {
  items: UploadItem[];
  /** accepted files start uploading; refused ones (with their reason) are listed as failed and never sent */
  add: (accepted: File[], refused: Array<{ file: File; message: string }>, choice: UploadChoice) => void;
  clear: () => void;
}

/** The Upload Status panel's list and the queue that sends the files. `onUploaded` runs after each success. */
export function useUploads(onUploaded: () => void): Uploads {
  const [items, dispatch] = useReducer(uploadListReducer, []);
  const queue = useRef<Job[]>([]);
  const running = useRef(0);
  const controllers = useRef(new Set<AbortController>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);
  // leaving the screen cancels what is still travelling
  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active) controller.abort();
    };
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const job = queue.current.shift()!;
      running.current += 1;
      const controller = new AbortController();
      controllers.current.add(controller);
      dispatch({ type: 'start', id: job.id });
      uploadEnrollment({
        file: job.file,
        ...job.choice,
        signal: controller.signal,
        onProgress: (fraction) => dispatch({ type: 'progress', id: job.id, fraction }),
      })
        .then(() => {
          dispatch({ type: 'done', id: job.id });
          uploaded.current();
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const message = errorMessage(err);
          dispatch({ type: 'fail', id: job.id, message });
          track('enrollment_upload_failed', { file: job.file.name, size: job.file.size, message });
        })
        .finally(() => {
          controllers.current.delete(controller);
          running.current -= 1;
          pump();
        });
    }
  }, []);

  const add = useCallback<Uploads['add']>(
    (accepted, refused, choice) => {
      const failed: UploadItem[] = refused.map(({ file, message }) => ({
        id: newId(),
        name: file.name,
        size: file.size,
        status: 'failed',
        progress: 0,
        message,
      }));
      const waiting: UploadItem[] = [];
      for (const file of accepted) {
        // the dropzone already checked; this is the same rule once more, so nothing wrong is ever sent
        const problem = addTimeProblem(file);
        const item: UploadItem = {
          id: newId(),
          name: file.name,
          size: file.size,
          status: problem ? 'failed' : 'waiting',
          progress: 0,
          message: problem,
        };
        if (problem) failed.push(item);
        else {
          waiting.push(item);
          queue.current.push({ id: item.id, file, choice });
        }
      }
      dispatch({ type: 'add', items: [...waiting, ...failed] });
      pump();
    },
    [pump],
  );

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return { items, add, clear };
}
