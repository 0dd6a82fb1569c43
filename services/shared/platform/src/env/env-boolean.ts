import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** A boolean variable: "true"/"1"/"yes" or "false"/"0"/"no" (implicit conversion would read "false" as true). */
export function EnvBoolean(): PropertyDecorator {
  return (target, key) => {
    // Read the raw value from `obj`: implicit conversion has already turned "false" into true.
    Transform(({ obj, value }) => {
      const raw = (obj as Record<string | symbol, unknown>)[key] ?? value;
      if (typeof raw === 'boolean') return raw;
      const text = String(raw).trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(text)) return true;
      if (['false', '0', 'no', 'off'].includes(text)) return false;
      return raw;
    })(target, key);
    IsBoolean({ message: `${String(key)} must be true or false` })(target, key);
  };
}
