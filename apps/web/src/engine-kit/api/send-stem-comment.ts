import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface StemComment {
  subjectId: number;
  stemId: number;
  comment: string;
  userTestId?: number;
}

/** `POST /api/mail/stem-correction-request`: a comment on a question for the content team. */
export async function sendStemComment(body: StemComment): Promise<string> {
  const response = await api.post<{ message: string }>('/api/mail/stem-correction-request', body);
  return response.message;
}

export function useSendStemComment() {
  return useMutation({ mutationFn: sendStemComment });
}
