import type { Interaction } from '@acpg/contracts/insights';
import { formatDateTime12 } from '../../../lib/dates.ts';

/** The columns of an interactions export (CSV and XLSX). */
export const EXPORT_HEADER = ['Date', 'Page', 'Button', 'Type', 'User ID', 'Data ID', 'Latitude', 'Longitude'];

export const exportRow = (i: Interaction): (string | number)[] => [
  formatDateTime12(i.created_at), i.page_name, i.button_name, i.interaction_type, i.user_id ?? '', i.data_id ?? '', i.location?.latitude ?? '', i.location?.longitude ?? '',
];
