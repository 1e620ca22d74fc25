import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';

export const syncKeys = { status: ['sync', 'status'] as const };

export const syncStatusQuery = () =>
  queryOptions({
    queryKey: syncKeys.status,
    queryFn: () => bridge.sync.status({}),
    refetchInterval: 15_000,
  });
