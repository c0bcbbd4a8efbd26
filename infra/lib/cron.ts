import type { CronOptions } from 'aws-cdk-lib/aws-events';

/**
 * Converts a 5-field Unix cron (the schedule table's format, also read by croner locally) into
 * EventBridge cron fields. The two dialects differ in ways that silently shift schedules:
 * EventBridge numbers weekdays 1-7 from SUNDAY (Unix: 0-6 from Sunday, so "1-5" would become
 * Sunday-Thursday) and needs "?" in one of day-of-month / day-of-week. Weekdays are therefore
 * emitted as names, which both dialects read the same way.
 */
const weekdayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

export function unixCronToCronOptions(expression: string): CronOptions {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new Error(`Cron "${expression}" must have 5 fields (minute hour day-of-month month day-of-week)`);
  }
  const [minute, hour, day, month, weekDay] = fields as [string, string, string, string, string];
  const hasDay = day !== '*' && day !== '?';
  const hasWeekDay = weekDay !== '*' && weekDay !== '?';
  if (hasDay && hasWeekDay) {
    // Unix cron ORs the two fields; EventBridge cannot express that.
    throw new Error(`Cron "${expression}" restricts both day-of-month and day-of-week; EventBridge allows only one`);
  }
  const base = { minute, hour, month };
  if (hasWeekDay) return { ...base, weekDay: toWeekdayNames(weekDay, expression) };
  return { ...base, day: hasDay ? day : '*' };
}

function toWeekdayNames(field: string, expression: string): string {
  return field
    .split(',')
    .map((part) =>
      part
        .split('-')
        .map((token) => {
          if (/^[A-Za-z]{3}$/.test(token)) return token.toUpperCase();
          const n = Number(token);
          const name = /^\d$/.test(token) ? weekdayNames[n] : undefined;
          if (!name) throw new Error(`Cron "${expression}": unsupported day-of-week "${part}"`);
          return name;
        })
        .join('-'),
    )
    .join(',');
}
