import { Flex, Spin } from 'antd';

/** Suspense fallback while a lazily loaded page downloads. */
export function PageLoader() {
  return (
    <Flex role="status" aria-label="Loading page" align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}
