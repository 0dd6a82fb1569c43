import { AppstoreOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, isHttpError } from '../../../api/http';
import type { Item } from '../../../api/inventory';
import { useAuth } from '../../auth/hooks';
import { ItemGridSkeleton } from './ItemGridSkeleton';

interface FocusedItemProps {
  query: UseQueryResult<Item>;
  onShowAll: () => void;
  /** The item's card, with the usual actions (restock, edit, history). */
  children: ReactNode;
}

/**
 * /inventory?item=<id>, where a notification's link lands: the one item it is about, with the card's
 * usual actions, whichever page of the list it would be on. An item this workspace does not have
 * (archived, another workspace's, a mangled link) gets an explanation, not an empty grid.
 */
export function FocusedItem({ query, onShowAll, children }: FocusedItemProps) {
  const workspace = useAuth().user?.workspace?.name;
  const showAll = (
    <Button icon={<AppstoreOutlined />} onClick={onShowAll}>
      Show all items
    </Button>
  );

  if (query.isLoading) return <ItemGridSkeleton count={1} />;
  if (query.isError && !query.data) {
    // 404 (archived or another workspace's) and 400 (not an item id) mean the same to the reader.
    if (isHttpError(query.error) && query.error.status >= 400 && query.error.status < 500) {
      return (
        <Result
          status="warning"
          title={<h3 style={{ fontSize: 20, margin: 0 }}>This item is not in {workspace ? workspace : 'this workspace'}</h3>}
          subTitle="It may have been archived, or it belongs to another of your workspaces: switch workspace from the top bar and open the link again."
          extra={showAll}
        />
      );
    }
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load the item"
        description={errorMessage(query.error, query.error.message)}
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      />
    );
  }
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">Showing the item from your notification link.</Typography.Text>
        {showAll}
      </Flex>
      {children}
    </>
  );
}
