/** The bank's data files in test order; each is checked against the content rules when the bank is built. */
import test01 from './tests/test-01.json';
import test02 from './tests/test-02.json';
import test03 from './tests/test-03.json';
import test04 from './tests/test-04.json';
import test05 from './tests/test-05.json';
import test06 from './tests/test-06.json';
import test07 from './tests/test-07.json';
import test08 from './tests/test-08.json';
import test09 from './tests/test-09.json';
import test10 from './tests/test-10.json';
import test11 from './tests/test-11.json';
import test12 from './tests/test-12.json';
import test13 from './tests/test-13.json';
import test14 from './tests/test-14.json';
import test15 from './tests/test-15.json';
import test16 from './tests/test-16.json';
import test17 from './tests/test-17.json';
import test18 from './tests/test-18.json';
import test19 from './tests/test-19.json';
import test20 from './tests/test-20.json';

export const TEST_FILES: readonly unknown[] = [
  test01, test02, test03, test04, test05, test06, test07, test08, test09, test10, test11, test12, test13, test14, test15, test16, test17, test18, test19, test20,
];
