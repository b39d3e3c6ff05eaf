// The staff log's filters, kept in the address (?actor=&action=&target=&targetId=) so a filtered
// view can be bookmarked or linked to, and read back as the call's input.
import {
  STAFF_ACTIONS,
  STAFF_TARGET_TYPES,
  type StaffAction,
  type StaffLogInput,
  type StaffTargetType,
} from "@forum/contracts";

export type StaffLogFilter = {
  actorId: number | null;
  action: StaffAction | null;
  targetType: StaffTargetType | null;
  targetId: number | null;
};

const positive = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};
const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null =>
  values.includes(text as T) ? (text as T) : null;

export function filterFromSearch(search: URLSearchParams): StaffLogFilter {
  return {
    actorId: positive(search.get("actor")),
    action: oneOf(STAFF_ACTIONS, search.get("action")),
    targetType: oneOf(STAFF_TARGET_TYPES, search.get("target")),
    targetId: positive(search.get("targetId")),
  };
}

export function searchFromFilter(filter: StaffLogFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.actorId !== null) search.set("actor", String(filter.actorId));
  if (filter.action !== null) search.set("action", filter.action);
  if (filter.targetType !== null) search.set("target", filter.targetType);
  if (filter.targetId !== null) search.set("targetId", String(filter.targetId));
  return search;
}

export function inputOf(filter: StaffLogFilter, before: number | undefined): Omit<StaffLogInput, "limit"> {
  return {
    ...(filter.actorId === null ? {} : { actorId: filter.actorId }),
    ...(filter.action === null ? {} : { action: filter.action }),
    ...(filter.targetType === null ? {} : { targetType: filter.targetType }),
    ...(filter.targetId === null ? {} : { targetId: filter.targetId }),
    ...(before === undefined ? {} : { before }),
  };
}

export const isFiltered = (filter: StaffLogFilter) => Object.values(filter).some((value) => value !== null);
