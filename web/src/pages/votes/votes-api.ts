import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReceiptCheck, TransparencyReport } from '../../../../common/vote-check';
import { publicRead } from '../../api/public-read';
import { request } from '../../api/request';

/** Query hooks of the public vote checks: a receipt's lookup and the transparency report. */
export function useReceiptCheck() {
  return useMutation({
    mutationFn: (receipt: string) => request<ReceiptCheck>('/api/gallery/receipt', { method: 'POST', body: { receipt }, level: 'silent' }),
  });
}

export function useTransparency() {
  return useQuery({
    queryKey: ['transparency'],
    ...publicRead<TransparencyReport>('/api/gallery/transparency', 'notification'),
  });
}
