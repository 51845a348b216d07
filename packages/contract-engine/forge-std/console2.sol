// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

// forge-std's console2 is its console under another name.
import {console as console2} from "./console.sol";
