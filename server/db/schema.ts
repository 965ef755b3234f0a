import type { ColumnType, Generated } from 'kysely';

/**
 * The kysely type of the database, `DB`: one property per table. No table is listed here. Each
 * migration of server/db/migrations declares, beside its SQL, the tables it creates and the columns it
 * adds to earlier ones, by interface merging (TypeScript's declaration merging):
 *
 *   declare module '../schema' { interface DB { things: ThingsTable } }            a new table
 *   declare module './0001_initial' { interface AffiliatesTable { x: Default<string> } }   a later column
 *
 * so every file of the folder is part of the type check (tsconfig.server.json includes server/). The
 * column helpers below are shared by those declarations. Both engines are configured (db/database.ts)
 * to read numeric and int8 as JS numbers and `date` as a 'YYYY-MM-DD' string.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the migrations' declarations
export interface DB {}

/** A column with a default: optional on insert. */
export type Default<T> = ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Money = ColumnType<number, number | string | undefined, number | string>;
export type Day = ColumnType<string, string, string>;
export type Id = Generated<number>;

export type { AccessStatus, SessionStage, TrafficType } from './migrations/0001_initial';
