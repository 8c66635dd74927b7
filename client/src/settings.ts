/**
 * The settings only the VS Code client reads, typed from the one table in
 * server/src/protocol/settings.ts (the server reads its own through workspace/configuration).
 */
import * as vscode from 'vscode';
import { SETTINGS, SETTINGS_SECTION, type SettingName, type SettingValue } from '../../server/src/protocol/settings';

export type ClientSettingName = {
  [N in SettingName]: (typeof SETTINGS)[N]['owner'] extends 'client' ? N : never;
}[SettingName];

/** The setting's value for `scope` (a document, a folder), or its default from the table. */
export function clientSetting<N extends ClientSettingName>(
  name: N, scope?: vscode.ConfigurationScope,
): SettingValue<N> {
  const fallback = SETTINGS[name].default as SettingValue<N>;
  return vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<SettingValue<N>>(name, fallback);
}
