import type { ScheduleItem } from '@portal/contract';
import { SCHEDULE_PAGE_SIZE_MAX, type ScheduleWhen } from '@portal/contract/calendar-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/loaders';

export const SCHEDULE_PATH = '/calendar';

/** The agenda's page size: a few weeks of visits. */
export const AGENDA_PAGE_SIZE = 20;

/** One page of the agenda: upcoming visits next first, or past ones newest first. */
export const agendaQueryOptions = (entity: number, when: ScheduleWhen, page: number) =>
  pageQueryOptions<ScheduleItem>(SCHEDULE_PATH, { filter: { when }, page: { number: page, size: AGENDA_PAGE_SIZE }, params: { entity } });

export function useAgenda(entity: number, when: ScheduleWhen, page: number) {
  return useQuery({ ...agendaQueryOptions(entity, when, page), placeholderData: keepPreviousData });
}

/**
 * The visits overlapping the days a month grid shows, `from` to `to` inclusive (days in the company's zone). One page
 * of the most the API gives: a project has far fewer visits than that in six weeks.
 */
export const rangeQueryOptions = (entity: number, from: string, to: string) =>
  pageQueryOptions<ScheduleItem>(SCHEDULE_PATH, { filter: { from, to }, page: { number: 1, size: SCHEDULE_PAGE_SIZE_MAX }, params: { entity } });

export function useScheduleRange(entity: number, from: string, to: string) {
  return useQuery({ ...rangeQueryOptions(entity, from, to), placeholderData: keepPreviousData });
}
