import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import type { CreatedApiToken } from '../../../api/api-tokens';
import { copyText } from '../../../lib/clipboard';
import { useToast } from '../../../lib/toast';
import { roleWithArticle } from '../../workspace/roles';
import { curlExample } from '../api-tokens';

const TOKEN_ID = 'new-api-token';
const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** The secret of a token just created: shown once, here, to be copied before it is gone. */
export function NewApiTokenPanel({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const toast = useToast();
  const inputRef = useRef<InputRef>(null);

  // Straight to the secret (selected on focus), so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    inputRef.current?.focus();
  }, [token.id]);

  async function copy() {
    const copied = await copyText(token.token, inputRef.current?.input ?? null);
    toast(
      copied
        ? { title: 'Token copied', description: 'Paste it where your script or app keeps its secrets.' }
        : { title: 'Could not copy', description: 'Select the token and copy it yourself.', variant: 'destructive' },
    );
  }

  return (
    <Alert
      type="success"
      showIcon
      closable={{ 'aria-label': 'Dismiss' }}
      onClose={onClose}
      style={{ marginTop: 16 }}
      title={`${token.name} acts as ${roleWithArticle(token.role)} in ${token.workspaceName}`}
      description={
        <Flex vertical gap={8}>
          <Typography.Text>Copy this token now and keep it somewhere safe: it will not be shown again.</Typography.Text>
          <label htmlFor={TOKEN_ID} style={{ fontWeight: 500 }}>
            New API token
          </label>
          {/* Side by side where they fit, the button under the token on a phone. */}
          <Flex gap={8} wrap>
            <Input
              id={TOKEN_ID}
              ref={inputRef}
              readOnly
              value={token.token}
              autoComplete="off"
              spellCheck={false}
              onFocus={(event) => event.target.select()}
              style={{ flex: '1 1 220px', fontFamily: monospace }}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              Copy token
            </Button>
          </Flex>
          <Typography.Text>Try it from a terminal:</Typography.Text>
          <Typography.Text code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {curlExample(token.token, window.location.origin)}
          </Typography.Text>
        </Flex>
      }
    />
  );
}
