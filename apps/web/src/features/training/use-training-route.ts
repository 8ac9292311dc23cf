import type { TrainingCategory, TrainingVideo } from '@arc/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { trainingQueries } from '../../api/training.ts';

/**
 * The category and video the URL names. React Router has already decoded the segments, so
 * "Sales%20%26%20Marketing" arrives as "Sales & Marketing".
 */
export function useTrainingRoute() {
  const params = useParams();
  const categories = useQuery(trainingQueries.categories());
  const category: TrainingCategory | undefined = categories.data?.find((c) => c.category_name === params.category);
  const video: TrainingVideo | undefined = category?.videos.find((v) => v.title === params.id);
  return { categories, category, video, categoryName: params.category ?? '', videoTitle: params.id ?? '' };
}
