// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

/// forge-std's fuzzing helpers, written for Starforge.
abstract contract StdUtils {
    uint256 private constant _UINT256_MAX = type(uint256).max;
    uint256 private constant _SIGN_BIT = 1 << 255;
    uint256 private constant _SECP256K1_ORDER =
        115792089237316195423570985008687907852837564279074904382605163141518161494337;

    /// Folds a fuzzed `x` into [min, max]. Values already inside stay as they are; the smallest
    /// (0-3) and largest (max-3..max) values map to the ends of the range, so the fuzzer's favourite
    /// edge cases reach the range's edges; anything else wraps around the range.
    function _bound(uint256 x, uint256 min, uint256 max) internal pure virtual returns (uint256 result) {
        require(min <= max, "StdUtils bound(uint256,uint256,uint256): Max is less than min.");
        if (x >= min && x <= max) return x;
        uint256 size = max - min + 1;
        if (x <= 3 && size > x) return min + x;
        if (x >= _UINT256_MAX - 3 && size > _UINT256_MAX - x) return max - (_UINT256_MAX - x);
        if (x > max) {
            uint256 rem = (x - max) % size;
            return rem == 0 ? max : min + rem - 1;
        }
        uint256 below = (min - x) % size;
        return below == 0 ? min : max - below + 1;
    }

    function bound(uint256 x, uint256 min, uint256 max) internal pure virtual returns (uint256 result) {
        result = _bound(x, min, max);
    }

    /// The signed version: flipping the sign bit maps int256's order onto uint256's, where the
    /// unsigned bound applies.
    function _bound(int256 x, int256 min, int256 max) internal pure virtual returns (int256 result) {
        require(min <= max, "StdUtils bound(int256,int256,int256): Max is less than min.");
        uint256 folded = _bound(uint256(x) ^ _SIGN_BIT, uint256(min) ^ _SIGN_BIT, uint256(max) ^ _SIGN_BIT);
        result = int256(folded ^ _SIGN_BIT);
    }

    function bound(int256 x, int256 min, int256 max) internal pure virtual returns (int256 result) {
        result = _bound(x, min, max);
    }

    /// A valid secp256k1 private key from any fuzzed value.
    function boundPrivateKey(uint256 privateKey) internal pure virtual returns (uint256 result) {
        result = _bound(privateKey, 1, _SECP256K1_ORDER - 1);
    }

    /// Big-endian bytes (at most 32) as a number.
    function bytesToUint(bytes memory b) internal pure virtual returns (uint256) {
        require(b.length <= 32, "StdUtils bytesToUint(bytes): Bytes length exceeds 32.");
        return abi.decode(abi.encodePacked(new bytes(32 - b.length), b), (uint256));
    }

    function addressFromLast20Bytes(bytes32 bytesValue) internal pure virtual returns (address) {
        return address(uint160(uint256(bytesValue)));
    }
}
