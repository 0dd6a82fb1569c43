import type { Rule } from 'antd/es/form';

// WORKSPACE_NAME_MAX_LENGTH and WorkspaceMessages of the contracts (workspaces.ts), copied: the web
// imports only types from there. The server checks the same rule and answers with the same words.
export const WORKSPACE_NAME_MAX_LENGTH = 100;

export const workspaceNameRules: Rule[] = [
  { required: true, whitespace: true, message: 'Workspace name is required' },
  { max: WORKSPACE_NAME_MAX_LENGTH, message: `Workspace name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters` },
];
