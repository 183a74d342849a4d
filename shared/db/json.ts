import { DataTypes, type ModelAttributeColumnOptions } from 'sequelize';

/**
 * JSON stored as LONGTEXT with explicit (de)serialisation: MariaDB keeps JSON as LONGTEXT and the
 * mysql dialect may hand it back as a string, so one portable column type serves MySQL 8 and MariaDB.
 */
export function jsonColumn(name: string, opts: { allowNull?: boolean } = {}): ModelAttributeColumnOptions {
  return {
    type: DataTypes.TEXT('long'),
    allowNull: opts.allowNull ?? true,
    get(this: any) {
      const raw = this.getDataValue(name);
      if (raw === null || raw === undefined) return raw;
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    },
    set(this: any, value: unknown) {
      this.setDataValue(name, value === null || value === undefined ? value : JSON.stringify(value));
    },
  };
}
