import type { CountyList } from '@acpg/contracts/properties';
import { http } from './http.ts';
import { useResource } from './use-resource.ts';

/** The counties the property data covers (the County filters of several lists). */
export const fetchCounties = (signal?: AbortSignal) => http.get<CountyList>('/properties/counties', signal ? { signal } : {});
export const useCounties = () => useResource(fetchCounties, []);
